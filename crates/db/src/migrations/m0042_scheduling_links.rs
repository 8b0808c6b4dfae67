//! Scheduling links: inspection windows offered to the order's access contact, who picks one
//! without signing in. Only the token's hash is kept.
use sea_orm_migration::prelude::*;

use super::schema::{drop_tables, id, index, optional_timestamp, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SchedulingLinks {
    Table,
    Id,
    OrderId,
    TokenHash,
    ContactName,
    ContactEmail,
    ContactPhone,
    Windows,
    Reason,
    CreatedBy,
    CreatedAt,
    ExpiresAt,
    EndedAt,
    ChosenStart,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use SchedulingLinks as L;
        m.create_table(
            Table::create()
                .table(L::Table)
                .col(id(L::Id))
                .col(ColumnDef::new(L::OrderId).big_integer().not_null())
                .col(ColumnDef::new(L::TokenHash).string_len(64).not_null().unique_key())
                .col(ColumnDef::new(L::ContactName).string_len(200).not_null())
                .col(ColumnDef::new(L::ContactEmail).string_len(254).null())
                .col(ColumnDef::new(L::ContactPhone).string_len(20).null())
                .col(ColumnDef::new(L::Windows).text().not_null())
                .col(ColumnDef::new(L::Reason).text().null())
                .col(ColumnDef::new(L::CreatedBy).integer().not_null())
                .col(timestamp(L::CreatedAt))
                .col(timestamp(L::ExpiresAt))
                .col(optional_timestamp(L::EndedAt))
                .col(optional_timestamp(L::ChosenStart))
                .take(),
        )
        .await?;
        index(m, "ix_scheduling_links_order", L::Table, [L::OrderId]).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(m, [SchedulingLinks::Table.into_iden()]).await
    }
}
