//! Awarding a quote: the appraiser who got the work and the order it became.
use sea_orm_migration::prelude::*;

use super::schema::add_columns;

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
        let columns = [
            ColumnDef::new(Quotes::AwardedAppraiserId).integer().null().take(),
            ColumnDef::new(Quotes::OrderId).big_integer().null().take(),
        ];
        add_columns(m, Quotes::Table, columns).await
    }
}
