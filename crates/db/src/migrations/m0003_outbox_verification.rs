//! Outbox for e-mail and SMS, sign-in verification tokens, trusted devices, password resets.
use sea_orm_migration::prelude::*;

use super::schema::{cascade_to_user, drop_tables, id, index, optional_timestamp, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Outbox {
    Table,
    Id,
    Channel,
    Recipient,
    Subject,
    BodyText,
    BodyHtml,
    CreatedAt,
    Attempts,
    NextAttemptAt,
    ClaimedBy,
    ClaimedUntil,
    SentAt,
    FailedAt,
    LastError,
}

#[derive(DeriveIden)]
enum VerificationTokens {
    Table,
    Id,
    UserId,
    CreatedAt,
    ExpiresAt,
    Method,
    Destination,
    CodeHash,
    CodeExpiresAt,
    Attempts,
    Sends,
    LastSentAt,
    UsedAt,
}

#[derive(DeriveIden)]
enum TrustedDevices {
    Table,
    Id,
    UserId,
    VerifiedAt,
}

#[derive(DeriveIden)]
enum PasswordResetTokens {
    Table,
    Id,
    UserId,
    CreatedAt,
    ExpiresAt,
    UsedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Outbox::Table)
                .col(id(Outbox::Id))
                .col(ColumnDef::new(Outbox::Channel).string_len(10).not_null())
                .col(ColumnDef::new(Outbox::Recipient).string_len(254).not_null())
                .col(ColumnDef::new(Outbox::Subject).string_len(300).not_null())
                .col(ColumnDef::new(Outbox::BodyText).text().not_null())
                .col(ColumnDef::new(Outbox::BodyHtml).text().null())
                .col(timestamp(Outbox::CreatedAt))
                .col(ColumnDef::new(Outbox::Attempts).integer().not_null().default(0))
                .col(timestamp(Outbox::NextAttemptAt))
                .col(ColumnDef::new(Outbox::ClaimedBy).string_len(64).null())
                .col(optional_timestamp(Outbox::ClaimedUntil))
                .col(optional_timestamp(Outbox::SentAt))
                .col(optional_timestamp(Outbox::FailedAt))
                .col(ColumnDef::new(Outbox::LastError).text().null())
                .take(),
        )
        .await?;
        index(m, "ix_outbox_pending", Outbox::Table, [Outbox::SentAt, Outbox::NextAttemptAt])
            .await?;

        m.create_table(
            Table::create()
                .table(VerificationTokens::Table)
                .col(ColumnDef::new(VerificationTokens::Id).string_len(64).not_null().primary_key())
                .col(ColumnDef::new(VerificationTokens::UserId).integer().not_null())
                .col(timestamp(VerificationTokens::CreatedAt))
                .col(timestamp(VerificationTokens::ExpiresAt))
                .col(ColumnDef::new(VerificationTokens::Method).string_len(10).null())
                .col(ColumnDef::new(VerificationTokens::Destination).string_len(254).null())
                .col(ColumnDef::new(VerificationTokens::CodeHash).string_len(64).null())
                .col(optional_timestamp(VerificationTokens::CodeExpiresAt))
                .col(ColumnDef::new(VerificationTokens::Attempts).integer().not_null().default(0))
                .col(ColumnDef::new(VerificationTokens::Sends).integer().not_null().default(0))
                .col(optional_timestamp(VerificationTokens::LastSentAt))
                .col(optional_timestamp(VerificationTokens::UsedAt))
                .foreign_key(&mut cascade_to_user(
                    VerificationTokens::Table,
                    VerificationTokens::UserId,
                ))
                .take(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(TrustedDevices::Table)
                .col(ColumnDef::new(TrustedDevices::Id).string_len(64).not_null().primary_key())
                .col(ColumnDef::new(TrustedDevices::UserId).integer().not_null())
                .col(timestamp(TrustedDevices::VerifiedAt))
                .foreign_key(&mut cascade_to_user(TrustedDevices::Table, TrustedDevices::UserId))
                .take(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(PasswordResetTokens::Table)
                .col(
                    ColumnDef::new(PasswordResetTokens::Id).string_len(64).not_null().primary_key(),
                )
                .col(ColumnDef::new(PasswordResetTokens::UserId).integer().not_null())
                .col(timestamp(PasswordResetTokens::CreatedAt))
                .col(timestamp(PasswordResetTokens::ExpiresAt))
                .col(optional_timestamp(PasswordResetTokens::UsedAt))
                .foreign_key(&mut cascade_to_user(
                    PasswordResetTokens::Table,
                    PasswordResetTokens::UserId,
                ))
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            m,
            [
                PasswordResetTokens::Table.into_iden(),
                TrustedDevices::Table.into_iden(),
                VerificationTokens::Table.into_iden(),
                Outbox::Table.into_iden(),
            ],
        )
        .await
    }
}
