//! A small `multipart/form-data` reader: enough for what serenity sends (a `payload_json` part and one
//! part per file).

/// One part of a multipart body.
#[derive(Clone, Debug)]
pub struct Part {
    pub name: String,
    pub filename: Option<String>,
    pub content_type: Option<String>,
    pub data: Vec<u8>,
}

/// The boundary of a `multipart/form-data; boundary=...` content type.
pub fn boundary(content_type: &str) -> Option<String> {
    let (kind, params) = content_type.split_once(';')?;
    if kind.trim() != "multipart/form-data" {
        return None;
    }
    params.split(';').find_map(|param| {
        let (key, value) = param.trim().split_once('=')?;
        (key == "boundary").then(|| value.trim_matches('"').to_owned())
    })
}

/// Splits `body` into its parts.
pub fn parse(body: &[u8], boundary: &str) -> Result<Vec<Part>, String> {
    let delimiter = format!("--{boundary}").into_bytes();
    let mut parts = Vec::new();
    let mut rest = body;
    let start = find(rest, &delimiter).ok_or("no first boundary")?;
    rest = &rest[start + delimiter.len()..];
    loop {
        if rest.starts_with(b"--") {
            return Ok(parts);
        }
        rest = rest
            .strip_prefix(b"\r\n")
            .ok_or("boundary not followed by CRLF")?;
        let end = find(rest, &delimiter).ok_or("part without a closing boundary")?;
        let part = rest[..end]
            .strip_suffix(b"\r\n")
            .ok_or("part not ended by CRLF")?;
        parts.push(parse_part(part)?);
        rest = &rest[end + delimiter.len()..];
    }
}

fn parse_part(part: &[u8]) -> Result<Part, String> {
    let split = find(part, b"\r\n\r\n").ok_or("part without headers")?;
    let headers = std::str::from_utf8(&part[..split]).map_err(|e| e.to_string())?;
    let data = part[split + 4..].to_vec();
    let mut name = None;
    let mut filename = None;
    let mut content_type = None;
    for line in headers.split("\r\n") {
        let (key, value) = line.split_once(':').ok_or("bad header line")?;
        match key.trim().to_ascii_lowercase().as_str() {
            "content-disposition" => {
                for param in value.split(';').skip(1) {
                    if let Some((key, value)) = param.trim().split_once('=') {
                        let value = value.trim_matches('"').to_owned();
                        match key {
                            "name" => name = Some(value),
                            "filename" => filename = Some(value),
                            _ => {}
                        }
                    }
                }
            }
            "content-type" => content_type = Some(value.trim().to_owned()),
            _ => {}
        }
    }
    Ok(Part {
        name: name.ok_or("part without a name")?,
        filename,
        content_type,
        data,
    })
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_json_and_file_parts() {
        let body = b"--XY\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{\"a\":1}\r\n\
--XY\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"b.png\"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\r\n--XY--\r\n";
        let parts = parse(body, "XY").unwrap();
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].name, "payload_json");
        assert_eq!(parts[0].data, b"{\"a\":1}");
        assert_eq!(parts[1].filename.as_deref(), Some("b.png"));
        assert_eq!(parts[1].data, b"\x89PNG\r\n");
        assert_eq!(
            boundary("multipart/form-data; boundary=XY").as_deref(),
            Some("XY")
        );
    }
}
