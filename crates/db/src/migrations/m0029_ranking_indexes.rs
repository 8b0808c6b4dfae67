//! Indexes that let the assignment engine rank a large panel: the open orders of each appraiser,
//! read by status (few statuses are open), and the reports of the last 90 days, read by status and
//! time (the scorecards).
use sea_orm_migration::prelude::*;

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
        m.create_index(
            Index::create()
                .name(OPEN_BY_APPRAISER)
                .table(Orders::Table)
                .col(Orders::StatusId)
                .col(Orders::AssignedAppraiserId)
                .take(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name(HISTORY_BY_STATUS)
                .table(OrderHistories::Table)
                .col(OrderHistories::StatusId)
                .col(OrderHistories::CreatedAt)
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut drop = Index::drop();
        drop.name(HISTORY_BY_STATUS).table(OrderHistories::Table);
        m.drop_index(drop).await?;
        let mut drop = Index::drop();
        drop.name(OPEN_BY_APPRAISER).table(Orders::Table);
        m.drop_index(drop).await
    }
}
