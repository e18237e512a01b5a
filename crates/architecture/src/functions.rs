//! The longest functions of the workspace: every `fn` with a body (free functions, methods, a trait's
//! default bodies), its length in lines and how deeply its code nests.
//!
//! A function's length runs from its signature to its closing brace, comments and blank lines included,
//! as a reader scrolls it. Its depth counts the blocks opened inside its body: each `if`/`else`, `match`
//! arm, loop, closure and bare block adds one, so a body with no branch has depth 0.

use std::path::{Path, PathBuf};

use syn::spanned::Spanned;
use syn::visit::{self, Visit};

/// One function of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    pub file: PathBuf,
    /// The function's name, after its type for a method (`Command::parse`).
    pub name: String,
    pub line: usize,
    pub lines: usize,
    pub depth: usize,
    /// Whether the function is a test or sits in a test module.
    pub test: bool,
}

/// The functions of one file's text, named as found in `file`.
pub fn functions_in(file: &Path, text: &str) -> syn::Result<Vec<Function>> {
    let syntax = syn::parse_file(text)?;
    let mut finder = Finder {
        file: file.to_owned(),
        owner: Vec::new(),
        in_test: false,
        found: Vec::new(),
    };
    finder.visit_file(&syntax);
    Ok(finder.found)
}

/// The functions of every `.rs` file under `dir`, in file order.
pub fn functions_under(dir: &Path) -> std::io::Result<Vec<Function>> {
    let mut files = Vec::new();
    collect(dir, &mut files)?;
    let mut all = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path)?;
        let found = functions_in(&path, &text)
            .map_err(|e| std::io::Error::other(format!("{}: {e}", path.display())))?;
        all.extend(found);
    }
    Ok(all)
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    Ok(())
}

fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        let path = a.path();
        path.is_ident("test")
            || path.segments.last().is_some_and(|s| s.ident == "test")
            || (path.is_ident("cfg")
                && a.meta
                    .require_list()
                    .is_ok_and(|l| l.tokens.to_string().contains("test")))
    })
}

struct Finder {
    file: PathBuf,
    /// The types (or traits) whose `impl` block the finder is in.
    owner: Vec<String>,
    in_test: bool,
    found: Vec<Function>,
}

impl Finder {
    fn function(&mut self, sig: &syn::Signature, attrs: &[syn::Attribute], body: &syn::Block) {
        let name = &sig.ident;
        let (start, end) = (sig.span().start().line, body.span().end().line);
        let name = match self.owner.last() {
            Some(owner) => format!("{owner}::{name}"),
            None => name.to_string(),
        };
        let mut depth = Depth::default();
        depth.visit_block(body);
        self.found.push(Function {
            file: self.file.clone(),
            name,
            line: start,
            lines: end + 1 - start,
            depth: depth.deepest,
            test: self.in_test || is_test(attrs),
        });
    }
}

impl<'ast> Visit<'ast> for Finder {
    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        let was = self.in_test;
        self.in_test |= is_test(&item.attrs);
        visit::visit_item_mod(self, item);
        self.in_test = was;
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        self.function(&item.sig, &item.attrs, &item.block);
        visit::visit_item_fn(self, item);
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        let owner = match &*item.self_ty {
            syn::Type::Path(p) => p
                .path
                .segments
                .last()
                .map(|s| s.ident.to_string())
                .unwrap_or_default(),
            other => quote_type(other),
        };
        self.owner.push(owner);
        let was = self.in_test;
        self.in_test |= is_test(&item.attrs);
        visit::visit_item_impl(self, item);
        self.in_test = was;
        self.owner.pop();
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        self.function(&item.sig, &item.attrs, &item.block);
        visit::visit_impl_item_fn(self, item);
    }

    fn visit_item_trait(&mut self, item: &'ast syn::ItemTrait) {
        self.owner.push(item.ident.to_string());
        visit::visit_item_trait(self, item);
        self.owner.pop();
    }

    fn visit_trait_item_fn(&mut self, item: &'ast syn::TraitItemFn) {
        if let Some(body) = &item.default {
            self.function(&item.sig, &item.attrs, body);
        }
        visit::visit_trait_item_fn(self, item);
    }
}

fn quote_type(ty: &syn::Type) -> String {
    match ty {
        syn::Type::Reference(r) => quote_type(&r.elem),
        _ => "_".to_owned(),
    }
}

/// How deeply blocks nest in a body.
#[derive(Default)]
struct Depth {
    now: usize,
    deepest: usize,
}

impl Depth {
    fn nested(&mut self, inside: impl FnOnce(&mut Self)) {
        self.now += 1;
        self.deepest = self.deepest.max(self.now);
        inside(self);
        self.now -= 1;
    }
}

impl<'ast> Visit<'ast> for Depth {
    fn visit_expr_if(&mut self, e: &'ast syn::ExprIf) {
        self.visit_expr(&e.cond);
        self.nested(|d| d.visit_block(&e.then_branch));
        if let Some((_, other)) = &e.else_branch {
            match &**other {
                // `else if` continues the same chain at the same depth.
                syn::Expr::If(chain) => d_if(self, chain),
                other => self.nested(|d| d.visit_expr(other)),
            }
        }
    }

    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        self.nested(|d| visit::visit_arm(d, arm));
    }

    fn visit_expr_for_loop(&mut self, e: &'ast syn::ExprForLoop) {
        self.visit_expr(&e.expr);
        self.nested(|d| d.visit_block(&e.body));
    }

    fn visit_expr_while(&mut self, e: &'ast syn::ExprWhile) {
        self.visit_expr(&e.cond);
        self.nested(|d| d.visit_block(&e.body));
    }

    fn visit_expr_loop(&mut self, e: &'ast syn::ExprLoop) {
        self.nested(|d| d.visit_block(&e.body));
    }

    fn visit_expr_closure(&mut self, e: &'ast syn::ExprClosure) {
        self.nested(|d| visit::visit_expr_closure(d, e));
    }

    fn visit_expr_block(&mut self, e: &'ast syn::ExprBlock) {
        self.nested(|d| visit::visit_expr_block(d, e));
    }

    fn visit_expr_async(&mut self, e: &'ast syn::ExprAsync) {
        self.nested(|d| visit::visit_expr_async(d, e));
    }

    // A function defined inside a body is measured on its own, not as part of this one.
    fn visit_item_fn(&mut self, _: &'ast syn::ItemFn) {}
}

fn d_if(depth: &mut Depth, e: &syn::ExprIf) {
    depth.visit_expr_if(e);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_function_is_measured_from_signature_to_brace_and_by_its_nesting() {
        let text = "\
struct A;
impl A {
    fn flat(&self) -> u8 {
        1
    }
}

fn branching(x: u8) -> u8 {
    if x > 1 {
        match x {
            2 => 3,
            _ => 4,
        }
    } else if x == 1 {
        0
    } else {
        5
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn t() {}
}
";
        let found = functions_in(Path::new("a.rs"), text).unwrap();
        let summary: Vec<(&str, usize, usize, usize, bool)> = found
            .iter()
            .map(|f| (f.name.as_str(), f.line, f.lines, f.depth, f.test))
            .collect();
        assert_eq!(
            summary,
            [
                ("A::flat", 3, 3, 0, false),
                ("branching", 8, 12, 2, false),
                ("t", 24, 1, 0, true),
            ]
        );
    }
}
