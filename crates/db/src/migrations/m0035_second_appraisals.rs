//! A second appraisal: an order made to check another of the same property and client, with the
//! reason staff gave.
use sea_orm_migration::prelude::*;

use super::schema::{drop_tables, index, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SecondAppraisals {
    Table,
    OrderId,
    FirstOrderId,
    Reason,
    RequestedBy,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use SecondAppraisals as S;
        m.create_table(
            Table::create()
                .table(S::Table)
                .col(ColumnDef::new(S::OrderId).big_integer().not_null().primary_key())
                .col(ColumnDef::new(S::FirstOrderId).big_integer().not_null())
                .col(ColumnDef::new(S::Reason).text().not_null())
                .col(ColumnDef::new(S::RequestedBy).integer().not_null())
                .col(timestamp(S::CreatedAt))
                .take(),
        )
        .await?;
        index(m, "ix_second_appraisals_first", S::Table, [S::FirstOrderId]).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(m, [SecondAppraisals::Table.into_iden()]).await
    }
}
