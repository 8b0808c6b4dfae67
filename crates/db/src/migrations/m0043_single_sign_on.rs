//! Single sign-on: a client's e-mail domain whose people may join as viewers on first sign-in,
//! and the sign-ins under way at the identity provider (state, nonce and PKCE verifier, kept
//! until the provider sends the browser back).
use sea_orm_migration::prelude::*;

use super::schema::{add_column, drop_columns, drop_tables, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Clients {
    Table,
    SsoDomain,
}

#[derive(DeriveIden)]
enum OidcSignIns {
    Table,
    StateHash,
    Nonce,
    PkceVerifier,
    ReturnTo,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let domain = ColumnDef::new(Clients::SsoDomain).string_len(200).null().take();
        add_column(m, Clients::Table, domain).await?;
        use OidcSignIns as S;
        m.create_table(
            Table::create()
                .table(S::Table)
                .col(ColumnDef::new(S::StateHash).string_len(64).not_null().primary_key())
                .col(ColumnDef::new(S::Nonce).string_len(200).not_null())
                .col(ColumnDef::new(S::PkceVerifier).string_len(200).not_null())
                .col(ColumnDef::new(S::ReturnTo).string_len(500).not_null())
                .col(timestamp(S::CreatedAt))
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(m, [OidcSignIns::Table.into_iden()]).await?;
        drop_columns(m, Clients::Table, [Clients::SsoDomain]).await
    }
}
