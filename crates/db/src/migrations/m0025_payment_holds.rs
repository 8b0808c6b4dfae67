//! Payments staff withhold from an appraiser: the order, the written reason, who and when (the
//! appraiser is sent the reason as a notice).
use sea_orm_migration::prelude::*;

use super::schema::timestamp;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PaymentHolds {
    Table,
    OrderId,
    Reason,
    UserId,
    HeldAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use PaymentHolds as H;
        m.create_table(
            Table::create()
                .table(H::Table)
                .col(ColumnDef::new(H::OrderId).big_integer().not_null().primary_key())
                .col(ColumnDef::new(H::Reason).text().not_null())
                .col(ColumnDef::new(H::UserId).integer().not_null())
                .col(timestamp(H::HeldAt))
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(PaymentHolds::Table).take()).await
    }
}
