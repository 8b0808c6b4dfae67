//! Live events also carry the news that a user's sessions ended, so that every server copy drops
//! them from its session cache at once: the user they belong to.
use sea_orm_migration::prelude::*;

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
        m.alter_table(
            Table::alter()
                .table(LiveEvents::Table)
                .add_column(ColumnDef::new(LiveEvents::UserId).integer().null())
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter().table(LiveEvents::Table).drop_column(LiveEvents::UserId).take(),
        )
        .await
    }
}
