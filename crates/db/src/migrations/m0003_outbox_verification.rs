//! Outbox for e-mail and SMS, sign-in verification tokens, trusted devices, password resets.
use sea_orm_migration::prelude::*;

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

#[derive(DeriveIden)]
enum SecurityUsers {
    Table,
    Id,
}

fn at<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).timestamp_with_time_zone().not_null().take()
}

fn at_null<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).timestamp_with_time_zone().null().take()
}

fn user_fk<T: IntoIden + 'static>(table: T, column: T) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(SecurityUsers::Table, SecurityUsers::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .take()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Outbox::Table)
                .col(
                    ColumnDef::new(Outbox::Id)
                        .big_integer()
                        .not_null()
                        .auto_increment()
                        .primary_key(),
                )
                .col(ColumnDef::new(Outbox::Channel).string_len(10).not_null())
                .col(ColumnDef::new(Outbox::Recipient).string_len(254).not_null())
                .col(ColumnDef::new(Outbox::Subject).string_len(300).not_null())
                .col(ColumnDef::new(Outbox::BodyText).text().not_null())
                .col(ColumnDef::new(Outbox::BodyHtml).text().null())
                .col(at(Outbox::CreatedAt))
                .col(ColumnDef::new(Outbox::Attempts).integer().not_null().default(0))
                .col(at(Outbox::NextAttemptAt))
                .col(ColumnDef::new(Outbox::ClaimedBy).string_len(64).null())
                .col(at_null(Outbox::ClaimedUntil))
                .col(at_null(Outbox::SentAt))
                .col(at_null(Outbox::FailedAt))
                .col(ColumnDef::new(Outbox::LastError).text().null())
                .take(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_outbox_pending")
                .table(Outbox::Table)
                .col(Outbox::SentAt)
                .col(Outbox::NextAttemptAt)
                .take(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(VerificationTokens::Table)
                .col(ColumnDef::new(VerificationTokens::Id).string_len(64).not_null().primary_key())
                .col(ColumnDef::new(VerificationTokens::UserId).integer().not_null())
                .col(at(VerificationTokens::CreatedAt))
                .col(at(VerificationTokens::ExpiresAt))
                .col(ColumnDef::new(VerificationTokens::Method).string_len(10).null())
                .col(ColumnDef::new(VerificationTokens::Destination).string_len(254).null())
                .col(ColumnDef::new(VerificationTokens::CodeHash).string_len(64).null())
                .col(at_null(VerificationTokens::CodeExpiresAt))
                .col(ColumnDef::new(VerificationTokens::Attempts).integer().not_null().default(0))
                .col(ColumnDef::new(VerificationTokens::Sends).integer().not_null().default(0))
                .col(at_null(VerificationTokens::LastSentAt))
                .col(at_null(VerificationTokens::UsedAt))
                .foreign_key(&mut user_fk(VerificationTokens::Table, VerificationTokens::UserId))
                .take(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(TrustedDevices::Table)
                .col(ColumnDef::new(TrustedDevices::Id).string_len(64).not_null().primary_key())
                .col(ColumnDef::new(TrustedDevices::UserId).integer().not_null())
                .col(at(TrustedDevices::VerifiedAt))
                .foreign_key(&mut user_fk(TrustedDevices::Table, TrustedDevices::UserId))
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
                .col(at(PasswordResetTokens::CreatedAt))
                .col(at(PasswordResetTokens::ExpiresAt))
                .col(at_null(PasswordResetTokens::UsedAt))
                .foreign_key(&mut user_fk(PasswordResetTokens::Table, PasswordResetTokens::UserId))
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            PasswordResetTokens::Table.into_iden(),
            TrustedDevices::Table.into_iden(),
            VerificationTokens::Table.into_iden(),
            Outbox::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).take()).await?;
        }
        Ok(())
    }
}
