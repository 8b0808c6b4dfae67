//! Each user's private calendar feed (its token answers the feed's URL again; a new one replaces
//! the old), and
//! the end of a scheduled inspection appointment, which the feed shows.
use sea_orm_migration::prelude::*;

use super::schema::{add_column, optional_timestamp, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum CalendarFeeds {
    Table,
    UserId,
    Token,
    CreatedAt,
}

#[derive(DeriveIden)]
enum OrderDetails {
    Table,
    AppointmentEndAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(CalendarFeeds::Table)
                .col(ColumnDef::new(CalendarFeeds::UserId).integer().not_null().primary_key())
                .col(ColumnDef::new(CalendarFeeds::Token).string_len(64).not_null().unique_key())
                .col(timestamp(CalendarFeeds::CreatedAt))
                .take(),
        )
        .await?;
        add_column(m, OrderDetails::Table, optional_timestamp(OrderDetails::AppointmentEndAt)).await
    }
}
