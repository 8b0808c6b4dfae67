//! The back office: a firm can be deactivated (it keeps its history but takes no new appraisers),
//! staff keep internal notes on an order that nobody outside the staff desk reads, and an order
//! placed at its ZIP code's centre says its position is approximate.
use sea_orm_migration::prelude::*;

use super::schema::{add_column, id, index, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AppraisalCompanies {
    Table,
    Active,
}

#[derive(DeriveIden)]
enum OrderDetails {
    Table,
    LocationApproximate,
}

#[derive(DeriveIden)]
enum OrderNotes {
    Table,
    Id,
    OrderId,
    AuthorUserId,
    Text,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        add_column(
            m,
            AppraisalCompanies::Table,
            ColumnDef::new(AppraisalCompanies::Active).boolean().not_null().default(true).take(),
        )
        .await?;
        add_column(
            m,
            OrderDetails::Table,
            ColumnDef::new(OrderDetails::LocationApproximate)
                .boolean()
                .not_null()
                .default(false)
                .take(),
        )
        .await?;
        use OrderNotes as N;
        m.create_table(
            Table::create()
                .table(N::Table)
                .col(id(N::Id))
                .col(ColumnDef::new(N::OrderId).big_integer().not_null())
                .col(ColumnDef::new(N::AuthorUserId).integer().not_null())
                .col(ColumnDef::new(N::Text).text().not_null())
                .col(timestamp(N::CreatedAt))
                .take(),
        )
        .await?;
        index(m, "ix_order_notes_order", N::Table, [N::OrderId]).await
    }
}
