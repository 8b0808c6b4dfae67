//! The secret administrator's developer references.
use sea_orm_migration::prelude::*;

use super::schema::{int_id, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DevRefs {
    Table,
    Id,
    Name,
    Url,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(DevRefs::Table)
                .col(int_id(DevRefs::Id))
                .col(ColumnDef::new(DevRefs::Name).string_len(200).not_null())
                .col(ColumnDef::new(DevRefs::Url).string_len(2000).not_null())
                .col(timestamp(DevRefs::CreatedAt))
                .col(timestamp(DevRefs::UpdatedAt))
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(DevRefs::Table).take()).await
    }
}
