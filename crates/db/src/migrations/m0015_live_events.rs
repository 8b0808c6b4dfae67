//! The live events the portal's pages follow (GET /api/events): one row per change, numbered, so a
//! browser that reconnects gets what it missed, and every server copy relays what another wrote.
use sea_orm_migration::prelude::*;

use super::schema::{id, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum LiveEvents {
    Table,
    Id,
    Kind,
    OrderId,
    QuoteId,
    AppraiserIds,
    CompanyId,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use LiveEvents as E;
        m.create_table(
            Table::create()
                .table(E::Table)
                .col(id(E::Id))
                .col(ColumnDef::new(E::Kind).string_len(20).not_null())
                .col(ColumnDef::new(E::OrderId).big_integer().null())
                .col(ColumnDef::new(E::QuoteId).big_integer().null())
                .col(ColumnDef::new(E::AppraiserIds).text().not_null())
                .col(ColumnDef::new(E::CompanyId).integer().null())
                .col(timestamp(E::CreatedAt))
                .take(),
        )
        .await
    }
}
