//! Checks each REST request the bot makes against Discord's OpenAPI description: the operation must
//! exist, and its body (JSON, or the `payload_json` part of a multipart body) must match the operation's
//! request schema.
//!
//! Two deliberate allowances, both forms that Discord accepts and serenity sends:
//! - serenity numbers the attachments of a new message with integer ids (`0`, `1`, ...) where the
//!   description expects snowflake strings;
//! - serenity sends a command's `default_member_permissions` as a decimal string (as Discord's own
//!   documentation types it) where the description expects an integer.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

use jsonschema::{Draft, JSONSchema};
use serde_json::{json, Value};

/// The environment variable that names another OpenAPI file than the repository's own.
pub const SPEC_VARIABLE: &str = "NAMNAM_DISCORD_OPENAPI";

/// Discord's description as the repository carries it (MIT, with its licence beside it).
pub const VENDORED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/data/discord-api-spec/openapi.json"
);

/// What a successful check covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checked {
    /// The body matched the operation's schema.
    Body,
    /// The operation takes no body and none was sent.
    NoBody,
}

/// The loaded description.
pub struct OpenApi {
    operations: Vec<Operation>,
    /// Discord's locale codes (`AvailableLocalesEnum`), the keys a localisation may have.
    locales: Vec<String>,
    components: Value,
    compiled: Mutex<HashMap<usize, Arc<JSONSchema>>>,
}

struct Operation {
    method: String,
    template: String,
    segments: Vec<Option<String>>,
    /// The JSON schema of the body, if the operation takes one.
    body: Option<Value>,
}

impl OpenApi {
    /// Loads the file named by [`SPEC_VARIABLE`], or else the repository's own copy. Always `Some`: every
    /// run validates.
    pub fn from_env() -> Option<Self> {
        let path = std::env::var_os(SPEC_VARIABLE)
            .filter(|p| !p.is_empty())
            .unwrap_or_else(|| VENDORED.into());
        Some(Self::load(Path::new(&path)))
    }

    pub fn load(path: &Path) -> Self {
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read the OpenAPI file {}: {e}", path.display()));
        let spec: Value = serde_json::from_str(&text).expect("the OpenAPI file is JSON");
        let mut operations = Vec::new();
        for (template, item) in spec["paths"].as_object().expect("paths") {
            for (method, operation) in item.as_object().expect("path item") {
                if !matches!(method.as_str(), "get" | "put" | "post" | "patch" | "delete") {
                    continue;
                }
                let content = &operation["requestBody"]["content"];
                let body = content["application/json"]["schema"].clone();
                operations.push(Operation {
                    method: method.to_ascii_uppercase(),
                    template: template.clone(),
                    segments: template
                        .trim_start_matches('/')
                        .split('/')
                        .map(|s| (!s.starts_with('{')).then(|| s.to_owned()))
                        .collect(),
                    body: (!body.is_null()).then_some(body),
                });
            }
        }
        let locales = spec["components"]["schemas"]["AvailableLocalesEnum"]["oneOf"]
            .as_array()
            .expect("the description lists Discord's locales")
            .iter()
            .filter_map(|locale| locale["const"].as_str().map(str::to_owned))
            .collect();
        Self {
            operations,
            locales,
            components: spec["components"].clone(),
            compiled: Mutex::default(),
        }
    }

    /// Discord's locale codes (`fr`, `en-US`…), as the description lists them.
    pub fn locales(&self) -> Vec<String> {
        self.locales.clone()
    }

    /// Checks one request; `path` is the API path without `/api/v10`.
    pub fn check(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Checked, String> {
        let index = self
            .find(method, path)
            .ok_or_else(|| format!("no operation {method} {path}"))?;
        let operation = &self.operations[index];
        let Some(schema) = &operation.body else {
            return match body {
                None => Ok(Checked::NoBody),
                Some(_) => Err(format!("{method} {} takes no body", operation.template)),
            };
        };
        let Some(body) = body else {
            return Err(format!("{method} {} needs a body", operation.template));
        };
        let validator = self.compiled(index, schema);
        let body = normalise(body.clone());
        validator
            .validate(&body)
            .map(|()| Checked::Body)
            .map_err(|errors| {
                let errors: Vec<String> = errors
                    .take(5)
                    .map(|e| format!("{e} (at {})", e.instance_path))
                    .collect();
                format!(
                    "{method} {}: {}\nbody: {body}",
                    operation.template,
                    errors.join("; ")
                )
            })
    }

    /// The operation whose path template matches, preferring literal segments (`@original` over
    /// `{message_id}`).
    fn find(&self, method: &str, path: &str) -> Option<usize> {
        let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        self.operations
            .iter()
            .enumerate()
            .filter(|(_, op)| op.method == method && op.segments.len() == segments.len())
            .filter(|(_, op)| {
                op.segments
                    .iter()
                    .zip(&segments)
                    .all(|(template, actual)| match template {
                        Some(literal) => literal == actual,
                        None => !actual.is_empty(),
                    })
            })
            .max_by_key(|(_, op)| op.segments.iter().filter(|s| s.is_some()).count())
            .map(|(index, _)| index)
    }

    fn compiled(&self, index: usize, schema: &Value) -> Arc<JSONSchema> {
        let mut compiled = self.compiled.lock().unwrap();
        compiled
            .entry(index)
            .or_insert_with(|| {
                // `$ref`s point into `#/components`, so the schema travels with them.
                let root = json!({"allOf": [schema], "components": self.components});
                let validator = JSONSchema::options()
                    .with_draft(Draft::Draft7)
                    .compile(&root)
                    .unwrap_or_else(|e| panic!("cannot compile the schema: {e}"));
                Arc::new(validator)
            })
            .clone()
    }
}

/// Applies the allowances of the module documentation, and nothing else.
fn normalise(mut body: Value) -> Value {
    fn walk(value: &mut Value) {
        match value {
            Value::Object(map) => {
                if let Some(permissions) = map.get_mut("default_member_permissions") {
                    if let Some(n) = permissions.as_str().and_then(|s| s.parse::<u64>().ok()) {
                        *permissions = Value::from(n);
                    }
                }
                for (key, child) in map.iter_mut() {
                    if key == "attachments" {
                        for attachment in child.as_array_mut().into_iter().flatten() {
                            if let Some(id) = attachment.get_mut("id") {
                                if let Some(n) = id.as_u64() {
                                    *id = Value::String(n.to_string());
                                }
                            }
                        }
                    }
                    walk(child);
                }
            }
            Value::Array(items) => items.iter_mut().for_each(walk),
            _ => {}
        }
    }
    walk(&mut body);
    body
}
