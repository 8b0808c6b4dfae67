//! The offers of the last 30 days, counted per appraiser for every ranking (the rotation part of
//! the score), read by time instead of over every offer ever made.
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AssignmentOffers {
    Table,
    OfferedAt,
    AppraiserId,
}

const RECENT_OFFERS: &str = "ix_assignment_offers_offered_at";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_index(
            Index::create()
                .name(RECENT_OFFERS)
                .table(AssignmentOffers::Table)
                .col(AssignmentOffers::OfferedAt)
                .col(AssignmentOffers::AppraiserId)
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut drop = Index::drop();
        drop.name(RECENT_OFFERS).table(AssignmentOffers::Table);
        m.drop_index(drop).await
    }
}
