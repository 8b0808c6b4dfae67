//! Notifications the user chooses: per event, e-mail, SMS, both or none, and an optional daily
//! digest at an hour of the company's day instead of single e-mails; the e-mails waiting for the
//! digest; and the reminders already sent (one per subject and day, whichever copy sends it).
use sea_orm_migration::prelude::*;

use super::schema::{id, index, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum NotificationPreferences {
    Table,
    UserId,
    Choices,
    DigestHour,
    LastDigestOn,
    UnsubscribeToken,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum DigestItems {
    Table,
    Id,
    UserId,
    Event,
    Subject,
    BodyText,
    CreatedAt,
    OutboxId,
}

#[derive(DeriveIden)]
enum SentReminders {
    Table,
    Kind,
    SubjectId,
    ForDay,
    SentAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use NotificationPreferences as P;
        m.create_table(
            Table::create()
                .table(P::Table)
                .col(ColumnDef::new(P::UserId).integer().not_null().primary_key())
                .col(ColumnDef::new(P::Choices).text().not_null())
                .col(ColumnDef::new(P::DigestHour).integer().null())
                .col(ColumnDef::new(P::LastDigestOn).date().null())
                .col(ColumnDef::new(P::UnsubscribeToken).string_len(64).not_null().unique_key())
                .col(timestamp(P::UpdatedAt))
                .take(),
        )
        .await?;
        use DigestItems as D;
        m.create_table(
            Table::create()
                .table(D::Table)
                .col(id(D::Id))
                .col(ColumnDef::new(D::UserId).integer().not_null())
                .col(ColumnDef::new(D::Event).string_len(40).not_null())
                .col(ColumnDef::new(D::Subject).text().not_null())
                .col(ColumnDef::new(D::BodyText).text().not_null())
                .col(timestamp(D::CreatedAt))
                .col(ColumnDef::new(D::OutboxId).big_integer().null())
                .take(),
        )
        .await?;
        index(m, "ix_digest_items_user_waiting", D::Table, [D::UserId, D::OutboxId]).await?;
        use SentReminders as R;
        m.create_table(
            Table::create()
                .table(R::Table)
                .col(ColumnDef::new(R::Kind).string_len(40).not_null())
                .col(ColumnDef::new(R::SubjectId).big_integer().not_null())
                .col(ColumnDef::new(R::ForDay).date().not_null())
                .col(timestamp(R::SentAt))
                .primary_key(Index::create().col(R::Kind).col(R::SubjectId).col(R::ForDay))
                .take(),
        )
        .await
    }
}
