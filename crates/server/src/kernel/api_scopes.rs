//! What a key of the public API may do: its scopes, kept space-separated on the key's row as
//! OAuth writes them. Each call of the public API needs one scope (`public_api::key`).
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
pub enum Scope {
    #[serde(rename = "orders:read")]
    OrdersRead,
    #[serde(rename = "orders:write")]
    OrdersWrite,
    #[serde(rename = "documents:read")]
    DocumentsRead,
    #[serde(rename = "documents:write")]
    DocumentsWrite,
    #[serde(rename = "webhooks:manage")]
    WebhooksManage,
    #[serde(rename = "invoices:read")]
    InvoicesRead,
}

impl Scope {
    pub const ALL: [Scope; 6] = [
        Scope::OrdersRead,
        Scope::OrdersWrite,
        Scope::DocumentsRead,
        Scope::DocumentsWrite,
        Scope::WebhooksManage,
        Scope::InvoicesRead,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Scope::OrdersRead => "orders:read",
            Scope::OrdersWrite => "orders:write",
            Scope::DocumentsRead => "documents:read",
            Scope::DocumentsWrite => "documents:write",
            Scope::WebhooksManage => "webhooks:manage",
            Scope::InvoicesRead => "invoices:read",
        }
    }

    /// The scopes a key's row holds, in the order of `ALL`; words it does not know are left out.
    pub fn parse_list(text: &str) -> Vec<Scope> {
        let words: Vec<&str> = text.split_whitespace().collect();
        Scope::ALL.into_iter().filter(|s| words.contains(&s.name())).collect()
    }

    /// The scopes as a key's row keeps them.
    pub fn join(scopes: &[Scope]) -> String {
        let kept: Vec<&str> =
            Scope::ALL.into_iter().filter(|s| scopes.contains(s)).map(Scope::name).collect();
        kept.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_reads_back_what_was_written() {
        let some = [Scope::InvoicesRead, Scope::OrdersRead];
        assert_eq!(Scope::join(&some), "orders:read invoices:read");
        assert_eq!(
            Scope::parse_list(&Scope::join(&some)),
            vec![Scope::OrdersRead, Scope::InvoicesRead]
        );
        assert_eq!(
            Scope::parse_list("orders:read  bogus webhooks:manage"),
            vec![Scope::OrdersRead, Scope::WebhooksManage]
        );
        assert_eq!(Scope::parse_list(&Scope::join(&Scope::ALL)), Scope::ALL.to_vec());
        let wire = serde_json::to_string(&Scope::DocumentsWrite).unwrap();
        assert_eq!(wire, "\"documents:write\"");
    }
}
