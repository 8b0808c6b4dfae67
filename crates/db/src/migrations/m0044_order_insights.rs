//! The figures of each order that the insights read (one row per order, kept by the order
//! events): who and where it is for, the days it was received, first reported, delivered and
//! cancelled, its turn times in business days, its quality marks, its fees and its pay-by date.
use sea_orm_migration::prelude::*;

use super::schema::{drop_tables, index, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum OrderInsights {
    Table,
    OrderId,
    ClientId,
    ProductId,
    StateCode,
    FirmId,
    AppraiserId,
    Status,
    StatusSince,
    Open,
    ReceivedOn,
    FirstReportOn,
    DeliveredOn,
    CancelledOn,
    ReportDays,
    DeliveryDays,
    OnTime,
    Revisions,
    Reconsiderations,
    FairLanguage,
    RevenueCents,
    CostCents,
    PayByOn,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use OrderInsights as I;
        let int = |c: I| ColumnDef::new(c).integer().null().take();
        let date = |c: I| ColumnDef::new(c).date().null().take();
        m.create_table(
            Table::create()
                .table(I::Table)
                .col(ColumnDef::new(I::OrderId).big_integer().not_null().primary_key())
                .col(int(I::ClientId))
                .col(int(I::ProductId))
                .col(ColumnDef::new(I::StateCode).string_len(2).not_null())
                .col(int(I::FirmId))
                .col(int(I::AppraiserId))
                .col(ColumnDef::new(I::Status).integer().not_null())
                .col(timestamp(I::StatusSince))
                .col(ColumnDef::new(I::Open).boolean().not_null())
                .col(ColumnDef::new(I::ReceivedOn).date().not_null())
                .col(date(I::FirstReportOn))
                .col(date(I::DeliveredOn))
                .col(date(I::CancelledOn))
                .col(int(I::ReportDays))
                .col(int(I::DeliveryDays))
                .col(ColumnDef::new(I::OnTime).boolean().null())
                .col(ColumnDef::new(I::Revisions).integer().not_null())
                .col(ColumnDef::new(I::Reconsiderations).integer().not_null())
                .col(ColumnDef::new(I::FairLanguage).boolean().not_null())
                .col(ColumnDef::new(I::RevenueCents).big_integer().null())
                .col(ColumnDef::new(I::CostCents).big_integer().null())
                .col(date(I::PayByOn))
                .col(timestamp(I::UpdatedAt))
                .take(),
        )
        .await?;
        index(m, "ix_order_insights_received", I::Table, [I::ReceivedOn, I::ClientId]).await?;
        index(m, "ix_order_insights_delivered", I::Table, [I::DeliveredOn, I::ClientId]).await?;
        index(m, "ix_order_insights_cancelled", I::Table, [I::CancelledOn]).await?;
        index(m, "ix_order_insights_client", I::Table, [I::ClientId, I::ReceivedOn]).await?;
        index(m, "ix_order_insights_open", I::Table, [I::Open, I::Status]).await?;
        index(m, "ix_order_insights_pay_by", I::Table, [I::PayByOn]).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(m, [OrderInsights::Table.into_iden()]).await
    }
}
