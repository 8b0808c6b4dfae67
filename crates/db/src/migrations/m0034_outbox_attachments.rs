//! An e-mail may carry one attachment, named by reference (`invoice:42`) and made when it is sent.
use sea_orm_migration::prelude::*;

use super::schema::{add_column, drop_columns};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Outbox {
    Table,
    Attachment,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let column = ColumnDef::new(Outbox::Attachment).string_len(100).null().take();
        add_column(m, Outbox::Table, column).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_columns(m, Outbox::Table, [Outbox::Attachment]).await
    }
}
