//! Indexes that let the assignment engine rank a large panel: the open orders of each appraiser,
//! read by status (few statuses are open), and the reports of the last 90 days, read by status and
//! time (the scorecards).
use sea_orm_migration::prelude::*;

use super::schema::{drop_index, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Orders {
    Table,
    StatusId,
    AssignedAppraiserId,
}

#[derive(DeriveIden)]
enum OrderHistories {
    Table,
    StatusId,
    CreatedAt,
}

const OPEN_BY_APPRAISER: &str = "ix_orders_status_appraiser";
const HISTORY_BY_STATUS: &str = "ix_order_histories_status_time";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        index(m, OPEN_BY_APPRAISER, Orders::Table, [Orders::StatusId, Orders::AssignedAppraiserId])
            .await?;
        index(
            m,
            HISTORY_BY_STATUS,
            OrderHistories::Table,
            [OrderHistories::StatusId, OrderHistories::CreatedAt],
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_index(m, HISTORY_BY_STATUS, OrderHistories::Table).await?;
        drop_index(m, OPEN_BY_APPRAISER, Orders::Table).await
    }
}
