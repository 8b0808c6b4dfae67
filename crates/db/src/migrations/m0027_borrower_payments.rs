//! The borrower's card payment: products and clients marked "borrower pays", and the payment
//! links sent to borrowers with what became of each (the card itself never reaches the portal).
use sea_orm_migration::prelude::*;

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
            m.alter_table(Table::alter().table(table).add_column(column).take()).await?;
        }
        use BorrowerPayments as P;
        m.create_table(
            Table::create()
                .table(P::Table)
                .col(ColumnDef::new(P::Id).big_integer().not_null().auto_increment().primary_key())
                .col(ColumnDef::new(P::OrderId).big_integer().not_null())
                .col(ColumnDef::new(P::TokenHash).string_len(64).not_null().unique_key())
                .col(ColumnDef::new(P::Email).string_len(254).not_null())
                .col(ColumnDef::new(P::AmountCents).big_integer().not_null())
                .col(ColumnDef::new(P::Status).string_len(16).not_null())
                .col(ColumnDef::new(P::SessionId).string_len(64).null().unique_key())
                .col(ColumnDef::new(P::ProviderRef).string_len(64).null())
                .col(ColumnDef::new(P::SentBy).integer().null())
                .col(ColumnDef::new(P::CreatedAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(P::ExpiresAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(P::PaidAt).timestamp_with_time_zone().null())
                .col(ColumnDef::new(P::RefundedAt).timestamp_with_time_zone().null())
                .take(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_borrower_payments_order")
                .table(P::Table)
                .col(P::OrderId)
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(BorrowerPayments::Table).take()).await?;
        m.alter_table(
            Table::alter().table(ReportTypes::Table).drop_column(ReportTypes::BorrowerPays).take(),
        )
        .await?;
        m.alter_table(
            Table::alter().table(Clients::Table).drop_column(Clients::BorrowerPays).take(),
        )
        .await
    }
}
