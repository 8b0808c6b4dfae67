//! The back office: a firm can be deactivated (it keeps its history but takes no new appraisers),
//! staff keep internal notes on an order that nobody outside the staff desk reads, and an order
//! placed at its ZIP code's centre says its position is approximate.
use sea_orm_migration::prelude::*;

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
        m.alter_table(
            Table::alter()
                .table(AppraisalCompanies::Table)
                .add_column(
                    ColumnDef::new(AppraisalCompanies::Active).boolean().not_null().default(true),
                )
                .take(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(OrderDetails::Table)
                .add_column(
                    ColumnDef::new(OrderDetails::LocationApproximate)
                        .boolean()
                        .not_null()
                        .default(false),
                )
                .take(),
        )
        .await?;
        use OrderNotes as N;
        m.create_table(
            Table::create()
                .table(N::Table)
                .col(ColumnDef::new(N::Id).big_integer().not_null().auto_increment().primary_key())
                .col(ColumnDef::new(N::OrderId).big_integer().not_null())
                .col(ColumnDef::new(N::AuthorUserId).integer().not_null())
                .col(ColumnDef::new(N::Text).text().not_null())
                .col(ColumnDef::new(N::CreatedAt).timestamp_with_time_zone().not_null())
                .take(),
        )
        .await?;
        m.create_index(
            Index::create().name("ix_order_notes_order").table(N::Table).col(N::OrderId).take(),
        )
        .await
    }
}
