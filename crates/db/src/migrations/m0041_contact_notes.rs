//! A contact of an order may carry a note: a gate code, the best time to call, who opens up.
use sea_orm_migration::prelude::*;

use super::schema::{add_column, drop_columns};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum OrderContacts {
    Table,
    Notes,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let notes = ColumnDef::new(OrderContacts::Notes).text().null().take();
        add_column(m, OrderContacts::Table, notes).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_columns(m, OrderContacts::Table, [OrderContacts::Notes]).await
    }
}
