//! A key of the public API may do only what its scopes allow (space-separated, as OAuth writes
//! them) and may stop on a date. Keys made before keep every scope and never expire.
use sea_orm_migration::prelude::*;

use super::schema::{add_columns, drop_columns};

/// Every scope: what a key made before scopes existed could do.
const ALL_SCOPES: &str =
    "orders:read orders:write documents:read documents:write webhooks:manage invoices:read";

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ApiKeys {
    Table,
    Scopes,
    ExpiresOn,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let scopes =
            ColumnDef::new(ApiKeys::Scopes).string_len(200).not_null().default(ALL_SCOPES).take();
        let expires_on = ColumnDef::new(ApiKeys::ExpiresOn).date().null().take();
        add_columns(m, ApiKeys::Table, [scopes, expires_on]).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_columns(m, ApiKeys::Table, [ApiKeys::Scopes, ApiKeys::ExpiresOn]).await
    }
}
