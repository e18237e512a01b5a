//! TLS for the fake REST API: a throwaway certificate authority made at start, a certificate it signs
//! for `discord.com`, a server configuration (rustls on ring) and a client that trusts only that
//! authority and resolves `discord.com` to the fake.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair};
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio_rustls::rustls::{self, ServerConfig};
use tokio_rustls::TlsAcceptor;

/// The host the fake's certificate is for.
pub const HOST: &str = "discord.com";

/// The authority's certificate (what clients trust) and the server's acceptor.
pub struct Tls {
    pub authority: Vec<u8>,
    pub acceptor: TlsAcceptor,
}

impl Tls {
    /// A fresh authority and a server certificate it signed, for this run only.
    pub fn generate() -> Self {
        let authority_key = KeyPair::generate().expect("authority key");
        let mut authority = CertificateParams::new(Vec::<String>::new()).expect("authority params");
        authority.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        authority
            .distinguished_name
            .push(DnType::CommonName, "Namnam fake Discord authority");
        let authority_cert = authority
            .self_signed(&authority_key)
            .expect("authority certificate");
        let issuer = Issuer::new(authority, authority_key);

        let server_key = KeyPair::generate().expect("server key");
        let mut server = CertificateParams::new(vec![HOST.to_owned()]).expect("server params");
        server.distinguished_name.push(DnType::CommonName, HOST);
        let server_cert = server
            .signed_by(&server_key, &issuer)
            .expect("server certificate");

        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let mut config = ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .expect("protocol versions")
            .with_no_client_auth()
            .with_single_cert(
                vec![
                    server_cert.der().clone(),
                    CertificateDer::from(authority_cert.der().to_vec()),
                ],
                PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(server_key.serialize_der())),
            )
            .expect("server configuration");
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Self {
            authority: authority_cert.der().to_vec(),
            acceptor: TlsAcceptor::from(Arc::new(config)),
        }
    }
}

/// A client that reaches `https://discord.com` at `addr` and trusts only `authority`.
pub fn client(authority: &[u8], addr: SocketAddr) -> reqwest::Client {
    let certificate = reqwest::Certificate::from_der(authority).expect("authority certificate");
    reqwest::Client::builder()
        .use_rustls_tls()
        .tls_built_in_root_certs(false)
        .add_root_certificate(certificate)
        .resolve(HOST, addr)
        .https_only(true)
        .timeout(Duration::from_secs(10))
        .build()
        .expect("the fake's HTTP client")
}
