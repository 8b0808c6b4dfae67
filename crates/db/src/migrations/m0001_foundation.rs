//! Users, firms, appraiser profiles, sessions, sign-in throttling and the audit log.
use sea_orm_migration::prelude::*;

use super::schema::{drop_tables, id, index, int_id, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AppraisalCompanies {
    Table,
    Id,
    Name,
    CreatedAt,
}

#[derive(DeriveIden)]
enum SecurityUsers {
    Table,
    Id,
    LoginId,
    PasswordHash,
    UserType,
    FirstName,
    LastName,
    Email,
    WorkPhone,
    CellPhone,
    CellPhoneCarrier,
    Active,
    CreatedAt,
}

#[derive(DeriveIden)]
enum AppraiserProfiles {
    Table,
    Id,
    SecurityUserId,
    CompanyId,
    OfficeAddressLine1,
    OfficeAddressLine2,
    OfficeCity,
    OfficeStateCode,
    OfficeZipCode,
    IsFhaCertified,
    IsStaffAppraiser,
    NoTrainee,
}

#[derive(DeriveIden)]
enum Sessions {
    Table,
    Id,
    UserId,
    ActingUserId,
    CsrfToken,
    CreatedAt,
    LastSeenAt,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum LoginThrottle {
    Table,
    Key,
    WindowStart,
    Failures,
}

#[derive(DeriveIden)]
enum AuditLog {
    Table,
    Id,
    At,
    ActorUserId,
    SubjectUserId,
    Action,
    Detail,
    Ip,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(AppraisalCompanies::Table)
                .col(int_id(AppraisalCompanies::Id))
                .col(ColumnDef::new(AppraisalCompanies::Name).string_len(200).not_null())
                .col(timestamp(AppraisalCompanies::CreatedAt))
                .take(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(SecurityUsers::Table)
                .col(int_id(SecurityUsers::Id))
                .col(ColumnDef::new(SecurityUsers::LoginId).string_len(100).not_null().unique_key())
                .col(ColumnDef::new(SecurityUsers::PasswordHash).string_len(200).not_null())
                .col(ColumnDef::new(SecurityUsers::UserType).small_integer().not_null())
                .col(ColumnDef::new(SecurityUsers::FirstName).string_len(100).null())
                .col(ColumnDef::new(SecurityUsers::LastName).string_len(100).null())
                .col(ColumnDef::new(SecurityUsers::Email).string_len(254).not_null())
                .col(ColumnDef::new(SecurityUsers::WorkPhone).string_len(30).null())
                .col(ColumnDef::new(SecurityUsers::CellPhone).string_len(30).null())
                .col(ColumnDef::new(SecurityUsers::CellPhoneCarrier).string_len(50).null())
                .col(ColumnDef::new(SecurityUsers::Active).boolean().not_null().default(true))
                .col(timestamp(SecurityUsers::CreatedAt))
                .take(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(AppraiserProfiles::Table)
                .col(int_id(AppraiserProfiles::Id))
                .col(
                    ColumnDef::new(AppraiserProfiles::SecurityUserId)
                        .integer()
                        .not_null()
                        .unique_key(),
                )
                .col(ColumnDef::new(AppraiserProfiles::CompanyId).integer().null())
                .col(ColumnDef::new(AppraiserProfiles::OfficeAddressLine1).string_len(200).null())
                .col(ColumnDef::new(AppraiserProfiles::OfficeAddressLine2).string_len(200).null())
                .col(ColumnDef::new(AppraiserProfiles::OfficeCity).string_len(100).null())
                .col(ColumnDef::new(AppraiserProfiles::OfficeStateCode).string_len(2).null())
                .col(ColumnDef::new(AppraiserProfiles::OfficeZipCode).string_len(10).null())
                .col(
                    ColumnDef::new(AppraiserProfiles::IsFhaCertified)
                        .boolean()
                        .not_null()
                        .default(false),
                )
                .col(
                    ColumnDef::new(AppraiserProfiles::IsStaffAppraiser)
                        .boolean()
                        .not_null()
                        .default(false),
                )
                .col(
                    ColumnDef::new(AppraiserProfiles::NoTrainee).boolean().not_null().default(true),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(AppraiserProfiles::Table, AppraiserProfiles::SecurityUserId)
                        .to(SecurityUsers::Table, SecurityUsers::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(AppraiserProfiles::Table, AppraiserProfiles::CompanyId)
                        .to(AppraisalCompanies::Table, AppraisalCompanies::Id),
                )
                .take(),
        )
        .await?;
        index(
            m,
            "ix_appraiser_profiles_company",
            AppraiserProfiles::Table,
            [AppraiserProfiles::CompanyId],
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Sessions::Table)
                .col(ColumnDef::new(Sessions::Id).string_len(64).not_null().primary_key())
                .col(ColumnDef::new(Sessions::UserId).integer().not_null())
                .col(ColumnDef::new(Sessions::ActingUserId).integer().null())
                .col(ColumnDef::new(Sessions::CsrfToken).string_len(64).not_null())
                .col(timestamp(Sessions::CreatedAt))
                .col(timestamp(Sessions::LastSeenAt))
                .col(timestamp(Sessions::ExpiresAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Sessions::Table, Sessions::UserId)
                        .to(SecurityUsers::Table, SecurityUsers::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .take(),
        )
        .await?;
        index(m, "ix_sessions_user", Sessions::Table, [Sessions::UserId]).await?;

        m.create_table(
            Table::create()
                .table(LoginThrottle::Table)
                .col(ColumnDef::new(LoginThrottle::Key).string_len(200).not_null().primary_key())
                .col(timestamp(LoginThrottle::WindowStart))
                .col(ColumnDef::new(LoginThrottle::Failures).integer().not_null())
                .take(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(AuditLog::Table)
                .col(id(AuditLog::Id))
                .col(timestamp(AuditLog::At))
                .col(ColumnDef::new(AuditLog::ActorUserId).integer().null())
                .col(ColumnDef::new(AuditLog::SubjectUserId).integer().null())
                .col(ColumnDef::new(AuditLog::Action).string_len(60).not_null())
                .col(ColumnDef::new(AuditLog::Detail).text().null())
                .col(ColumnDef::new(AuditLog::Ip).string_len(64).null())
                .take(),
        )
        .await?;
        index(m, "ix_audit_log_at", AuditLog::Table, [AuditLog::At]).await?;
        index(m, "ix_audit_log_actor", AuditLog::Table, [AuditLog::ActorUserId]).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            m,
            [
                AuditLog::Table.into_iden(),
                LoginThrottle::Table.into_iden(),
                Sessions::Table.into_iden(),
                AppraiserProfiles::Table.into_iden(),
                SecurityUsers::Table.into_iden(),
                AppraisalCompanies::Table.into_iden(),
            ],
        )
        .await
    }
}
