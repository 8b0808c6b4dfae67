//! A lender's revision request of a delivered report (corrections, not value): its items as the
//! lender wrote them, and when staff forwarded them to the appraiser.
use sea_orm_migration::prelude::*;

use super::schema::{drop_tables, id, index, optional_timestamp, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum LenderRevisionRequests {
    Table,
    Id,
    OrderId,
    Items,
    Message,
    RequestedBy,
    Requester,
    CreatedAt,
    ForwardedAt,
    ForwardedBy,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use LenderRevisionRequests as L;
        m.create_table(
            Table::create()
                .table(L::Table)
                .col(id(L::Id))
                .col(ColumnDef::new(L::OrderId).big_integer().not_null())
                .col(ColumnDef::new(L::Items).text().not_null())
                .col(ColumnDef::new(L::Message).text().null())
                .col(ColumnDef::new(L::RequestedBy).integer().null())
                .col(ColumnDef::new(L::Requester).string_len(200).not_null())
                .col(timestamp(L::CreatedAt))
                .col(optional_timestamp(L::ForwardedAt))
                .col(ColumnDef::new(L::ForwardedBy).integer().null())
                .take(),
        )
        .await?;
        index(m, "ix_lender_revision_requests_order", L::Table, [L::OrderId]).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(m, [LenderRevisionRequests::Table.into_iden()]).await
    }
}
