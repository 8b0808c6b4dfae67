//! Live events also carry the news that a user's sessions ended, so that every server copy drops
//! them from its session cache at once: the user they belong to.
use sea_orm_migration::prelude::*;

use super::schema::{add_column, drop_columns};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum LiveEvents {
    Table,
    UserId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let column = ColumnDef::new(LiveEvents::UserId).integer().null().take();
        add_column(m, LiveEvents::Table, column).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_columns(m, LiveEvents::Table, [LiveEvents::UserId]).await
    }
}
