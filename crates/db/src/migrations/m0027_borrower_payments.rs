//! The borrower's card payment: products and clients marked "borrower pays", and the payment
//! links sent to borrowers with what became of each (the card itself never reaches the portal).
use sea_orm_migration::prelude::*;

use super::schema::{add_column, drop_columns, id, index, optional_timestamp, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum Clients {
    Table,
    BorrowerPays,
}

#[derive(DeriveIden, Clone, Copy)]
enum ReportTypes {
    Table,
    BorrowerPays,
}

#[derive(DeriveIden)]
enum BorrowerPayments {
    Table,
    Id,
    OrderId,
    TokenHash,
    Email,
    AmountCents,
    Status,
    SessionId,
    ProviderRef,
    SentBy,
    CreatedAt,
    ExpiresAt,
    PaidAt,
    RefundedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [Clients::Table.into_iden(), ReportTypes::Table.into_iden()] {
            let column =
                ColumnDef::new(Clients::BorrowerPays).boolean().not_null().default(false).take();
            add_column(m, table, column).await?;
        }
        use BorrowerPayments as P;
        m.create_table(
            Table::create()
                .table(P::Table)
                .col(id(P::Id))
                .col(ColumnDef::new(P::OrderId).big_integer().not_null())
                .col(ColumnDef::new(P::TokenHash).string_len(64).not_null().unique_key())
                .col(ColumnDef::new(P::Email).string_len(254).not_null())
                .col(ColumnDef::new(P::AmountCents).big_integer().not_null())
                .col(ColumnDef::new(P::Status).string_len(16).not_null())
                .col(ColumnDef::new(P::SessionId).string_len(64).null().unique_key())
                .col(ColumnDef::new(P::ProviderRef).string_len(64).null())
                .col(ColumnDef::new(P::SentBy).integer().null())
                .col(timestamp(P::CreatedAt))
                .col(timestamp(P::ExpiresAt))
                .col(optional_timestamp(P::PaidAt))
                .col(optional_timestamp(P::RefundedAt))
                .take(),
        )
        .await?;
        index(m, "ix_borrower_payments_order", P::Table, [P::OrderId]).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(BorrowerPayments::Table).take()).await?;
        drop_columns(m, ReportTypes::Table, [ReportTypes::BorrowerPays]).await?;
        drop_columns(m, Clients::Table, [Clients::BorrowerPays]).await
    }
}
