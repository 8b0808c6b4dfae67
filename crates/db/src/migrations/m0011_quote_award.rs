//! Awarding a quote: the appraiser who got the work and the order it became.
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum Quotes {
    Table,
    AwardedAppraiserId,
    OrderId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per statement.
        m.alter_table(
            Table::alter()
                .table(Quotes::Table)
                .add_column(ColumnDef::new(Quotes::AwardedAppraiserId).integer().null())
                .take(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Quotes::Table)
                .add_column(ColumnDef::new(Quotes::OrderId).big_integer().null())
                .take(),
        )
        .await
    }
}
