//! The offers of the last 30 days, counted per appraiser for every ranking (the rotation part of
//! the score), read by time instead of over every offer ever made.
use sea_orm_migration::prelude::*;

use super::schema::{drop_index, index};

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
        let columns = [AssignmentOffers::OfferedAt, AssignmentOffers::AppraiserId];
        index(m, RECENT_OFFERS, AssignmentOffers::Table, columns).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_index(m, RECENT_OFFERS, AssignmentOffers::Table).await
    }
}
