//! Quote requests and their recipients' answers, secure links and their attachments, payments,
//! the EPP fields of the appraiser profile and the EPP sandbox's one-time tokens.
use sea_orm_migration::prelude::*;

use super::schema::{
    add_columns, cascade_to_user, drop_columns, drop_tables, id, index, int_id, optional_timestamp,
    timestamp, unique_index,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Quotes {
    Table,
    Id,
    LoanId,
    PropertyAddressLine1,
    PropertyCity,
    PropertyStateCode,
    PropertyZipCode,
    PropertyCounty,
    PropertyType,
    IntendedUse,
    ReportType,
    AppraiserFeeCents,
    DueDate,
    Latitude,
    Longitude,
    ClientId,
    CreatedAt,
    ClosedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum QuoteRecipients {
    Table,
    Id,
    QuoteId,
    AppraiserUserId,
    SentAt,
    Answer,
    AnsweredAt,
    EstimatedDeliveryDate,
    AppraiserFeeCents,
    Comment,
    RejectReason,
}

#[derive(DeriveIden, Clone, Copy)]
enum SecureLinks {
    Table,
    Id,
    OrderId,
    UsaFileNumber,
    RecipientUserId,
    RecipientEmail,
    SenderName,
    SenderEmail,
    Subject,
    Message,
    SentAt,
    ViewedAt,
}

#[derive(DeriveIden)]
enum SecureLinkAttachments {
    Table,
    Id,
    SecureLinkId,
    StoredFileId,
}

#[derive(DeriveIden, Clone, Copy)]
enum Payments {
    Table,
    Id,
    AppraiserUserId,
    OrderId,
    UsaFileNumber,
    Address,
    Borrower,
    AmountCents,
    PaymentDate,
    CreatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum EppSandboxTokens {
    Table,
    Id,
    TokenHash,
    Purpose,
    AppraiserUserId,
    CreatedAt,
    ExpiresAt,
    UsedAt,
}

#[derive(DeriveIden)]
enum AppraiserProfiles {
    Table,
    ReadyForEppOnboarding,
    EppPartyId,
    EppCompanyName,
    EppVendorName,
    EppPaymentStatus,
    EppIsLinked,
    EppStreetAddress,
    EppState,
    EppCity,
    EppZip,
    EppOnboardedAt,
}

#[derive(DeriveIden)]
enum Clients {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum StoredFiles {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Quotes::Table)
                .col(int_id(Quotes::Id))
                .col(ColumnDef::new(Quotes::LoanId).string_len(30).null())
                .col(ColumnDef::new(Quotes::PropertyAddressLine1).string_len(200).not_null())
                .col(ColumnDef::new(Quotes::PropertyCity).string_len(100).not_null())
                .col(ColumnDef::new(Quotes::PropertyStateCode).string_len(2).not_null())
                .col(ColumnDef::new(Quotes::PropertyZipCode).string_len(10).not_null())
                .col(ColumnDef::new(Quotes::PropertyCounty).string_len(100).null())
                .col(ColumnDef::new(Quotes::PropertyType).string_len(100).not_null())
                .col(ColumnDef::new(Quotes::IntendedUse).string_len(100).not_null())
                .col(ColumnDef::new(Quotes::ReportType).string_len(200).null())
                .col(ColumnDef::new(Quotes::AppraiserFeeCents).big_integer().null())
                .col(ColumnDef::new(Quotes::DueDate).date().null())
                .col(ColumnDef::new(Quotes::Latitude).double().null())
                .col(ColumnDef::new(Quotes::Longitude).double().null())
                .col(ColumnDef::new(Quotes::ClientId).integer().null())
                .col(timestamp(Quotes::CreatedAt))
                .col(optional_timestamp(Quotes::ClosedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Quotes::Table, Quotes::ClientId)
                        .to(Clients::Table, Clients::Id),
                )
                .take(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(QuoteRecipients::Table)
                .col(int_id(QuoteRecipients::Id))
                .col(ColumnDef::new(QuoteRecipients::QuoteId).integer().not_null())
                .col(ColumnDef::new(QuoteRecipients::AppraiserUserId).integer().not_null())
                .col(timestamp(QuoteRecipients::SentAt))
                .col(ColumnDef::new(QuoteRecipients::Answer).string_len(10).null())
                .col(optional_timestamp(QuoteRecipients::AnsweredAt))
                .col(ColumnDef::new(QuoteRecipients::EstimatedDeliveryDate).date().null())
                .col(ColumnDef::new(QuoteRecipients::AppraiserFeeCents).big_integer().null())
                .col(ColumnDef::new(QuoteRecipients::Comment).text().null())
                .col(ColumnDef::new(QuoteRecipients::RejectReason).text().null())
                .foreign_key(
                    ForeignKey::create()
                        .from(QuoteRecipients::Table, QuoteRecipients::QuoteId)
                        .to(Quotes::Table, Quotes::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(&mut cascade_to_user(
                    QuoteRecipients::Table,
                    QuoteRecipients::AppraiserUserId,
                ))
                .take(),
        )
        .await?;
        unique_index(
            m,
            "ux_quote_recipients_appraiser_quote",
            QuoteRecipients::Table,
            [QuoteRecipients::AppraiserUserId, QuoteRecipients::QuoteId],
        )
        .await?;

        m.create_table(
            Table::create()
                .table(SecureLinks::Table)
                .col(int_id(SecureLinks::Id))
                .col(ColumnDef::new(SecureLinks::OrderId).big_integer().null())
                .col(ColumnDef::new(SecureLinks::UsaFileNumber).string_len(20).not_null())
                .col(ColumnDef::new(SecureLinks::RecipientUserId).integer().not_null())
                .col(ColumnDef::new(SecureLinks::RecipientEmail).string_len(254).not_null())
                .col(ColumnDef::new(SecureLinks::SenderName).string_len(200).not_null())
                .col(ColumnDef::new(SecureLinks::SenderEmail).string_len(254).not_null())
                .col(ColumnDef::new(SecureLinks::Subject).string_len(300).not_null())
                .col(ColumnDef::new(SecureLinks::Message).text().not_null())
                .col(timestamp(SecureLinks::SentAt))
                .col(optional_timestamp(SecureLinks::ViewedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(SecureLinks::Table, SecureLinks::OrderId)
                        .to(Orders::Table, Orders::Id),
                )
                .foreign_key(&mut cascade_to_user(SecureLinks::Table, SecureLinks::RecipientUserId))
                .take(),
        )
        .await?;
        index(
            m,
            "ix_secure_links_recipient_sent",
            SecureLinks::Table,
            [SecureLinks::RecipientUserId, SecureLinks::SentAt],
        )
        .await?;

        m.create_table(
            Table::create()
                .table(SecureLinkAttachments::Table)
                .col(int_id(SecureLinkAttachments::Id))
                .col(ColumnDef::new(SecureLinkAttachments::SecureLinkId).integer().not_null())
                .col(ColumnDef::new(SecureLinkAttachments::StoredFileId).big_integer().not_null())
                .foreign_key(
                    ForeignKey::create()
                        .from(SecureLinkAttachments::Table, SecureLinkAttachments::SecureLinkId)
                        .to(SecureLinks::Table, SecureLinks::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(SecureLinkAttachments::Table, SecureLinkAttachments::StoredFileId)
                        .to(StoredFiles::Table, StoredFiles::Id),
                )
                .take(),
        )
        .await?;
        index(
            m,
            "ix_secure_link_attachments_link",
            SecureLinkAttachments::Table,
            [SecureLinkAttachments::SecureLinkId],
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Payments::Table)
                .col(id(Payments::Id))
                .col(ColumnDef::new(Payments::AppraiserUserId).integer().not_null())
                .col(ColumnDef::new(Payments::OrderId).big_integer().null())
                .col(ColumnDef::new(Payments::UsaFileNumber).string_len(20).not_null())
                .col(ColumnDef::new(Payments::Address).string_len(300).not_null())
                .col(ColumnDef::new(Payments::Borrower).string_len(200).not_null())
                .col(ColumnDef::new(Payments::AmountCents).big_integer().not_null())
                .col(ColumnDef::new(Payments::PaymentDate).date().not_null())
                .col(timestamp(Payments::CreatedAt))
                .foreign_key(&mut cascade_to_user(Payments::Table, Payments::AppraiserUserId))
                .foreign_key(
                    ForeignKey::create()
                        .from(Payments::Table, Payments::OrderId)
                        .to(Orders::Table, Orders::Id),
                )
                .take(),
        )
        .await?;
        index(
            m,
            "ix_payments_appraiser_date",
            Payments::Table,
            [Payments::AppraiserUserId, Payments::PaymentDate],
        )
        .await?;

        m.create_table(
            Table::create()
                .table(EppSandboxTokens::Table)
                .col(int_id(EppSandboxTokens::Id))
                .col(
                    ColumnDef::new(EppSandboxTokens::TokenHash)
                        .string_len(64)
                        .not_null()
                        .unique_key(),
                )
                .col(ColumnDef::new(EppSandboxTokens::Purpose).string_len(10).not_null())
                .col(ColumnDef::new(EppSandboxTokens::AppraiserUserId).integer().not_null())
                .col(timestamp(EppSandboxTokens::CreatedAt))
                .col(timestamp(EppSandboxTokens::ExpiresAt))
                .col(optional_timestamp(EppSandboxTokens::UsedAt))
                .foreign_key(&mut cascade_to_user(
                    EppSandboxTokens::Table,
                    EppSandboxTokens::AppraiserUserId,
                ))
                .take(),
        )
        .await?;

        let columns = [
            ColumnDef::new(AppraiserProfiles::ReadyForEppOnboarding)
                .boolean()
                .not_null()
                .default(false)
                .take(),
            ColumnDef::new(AppraiserProfiles::EppPartyId).string_len(100).null().take(),
            ColumnDef::new(AppraiserProfiles::EppCompanyName).string_len(200).null().take(),
            ColumnDef::new(AppraiserProfiles::EppVendorName).string_len(200).null().take(),
            ColumnDef::new(AppraiserProfiles::EppPaymentStatus).string_len(100).null().take(),
            ColumnDef::new(AppraiserProfiles::EppIsLinked)
                .boolean()
                .not_null()
                .default(false)
                .take(),
            ColumnDef::new(AppraiserProfiles::EppStreetAddress).string_len(200).null().take(),
            ColumnDef::new(AppraiserProfiles::EppState).string_len(50).null().take(),
            ColumnDef::new(AppraiserProfiles::EppCity).string_len(100).null().take(),
            ColumnDef::new(AppraiserProfiles::EppZip).string_len(10).null().take(),
            optional_timestamp(AppraiserProfiles::EppOnboardedAt),
        ];
        add_columns(m, AppraiserProfiles::Table, columns).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let columns = [
            AppraiserProfiles::EppOnboardedAt,
            AppraiserProfiles::EppZip,
            AppraiserProfiles::EppCity,
            AppraiserProfiles::EppState,
            AppraiserProfiles::EppStreetAddress,
            AppraiserProfiles::EppIsLinked,
            AppraiserProfiles::EppPaymentStatus,
            AppraiserProfiles::EppVendorName,
            AppraiserProfiles::EppCompanyName,
            AppraiserProfiles::EppPartyId,
            AppraiserProfiles::ReadyForEppOnboarding,
        ];
        drop_columns(m, AppraiserProfiles::Table, columns).await?;
        drop_tables(
            m,
            [
                EppSandboxTokens::Table.into_iden(),
                Payments::Table.into_iden(),
                SecureLinkAttachments::Table.into_iden(),
                SecureLinks::Table.into_iden(),
                QuoteRecipients::Table.into_iden(),
                Quotes::Table.into_iden(),
            ],
        )
        .await
    }
}
