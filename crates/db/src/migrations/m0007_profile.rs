//! The appraiser profile's settings (out of office, E&O insurance, score), coverage areas and
//! licences. security_users.cell_phone_carrier exists since m0001.
use sea_orm_migration::prelude::*;

use super::schema::{
    add_columns, drop_columns, drop_tables, index, int_id, timestamp, unique_index,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum AppraiserProfiles {
    Table,
    Id,
    OooStartDate,
    OooEndDate,
    EnoProvider,
    EnoPerIncidentCents,
    EnoAggregateCents,
    EnoExpirationDate,
    EnoFileId,
    Score,
}

#[derive(DeriveIden, Clone, Copy)]
enum CoverageAreas {
    Table,
    Id,
    AppraiserProfileId,
    StateCode,
    County,
    Verified,
    CreatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum AppraiserLicenses {
    Table,
    Id,
    AppraiserProfileId,
    LicenseType,
    StateCode,
    OgNumber,
    ExpirationDate,
}

fn cascade_to_profile<T: IntoIden + Copy + 'static>(
    table: T,
    column: T,
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(AppraiserProfiles::Table, AppraiserProfiles::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .take()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // eno_file_id points at stored_files; SQLite cannot add a foreign key to an existing
        // table, so the code keeps that link.
        let columns = [
            ColumnDef::new(AppraiserProfiles::OooStartDate).date().null().take(),
            ColumnDef::new(AppraiserProfiles::OooEndDate).date().null().take(),
            ColumnDef::new(AppraiserProfiles::EnoProvider).string_len(200).null().take(),
            ColumnDef::new(AppraiserProfiles::EnoPerIncidentCents)
                .big_integer()
                .not_null()
                .default(0)
                .take(),
            ColumnDef::new(AppraiserProfiles::EnoAggregateCents)
                .big_integer()
                .not_null()
                .default(0)
                .take(),
            ColumnDef::new(AppraiserProfiles::EnoExpirationDate).date().null().take(),
            ColumnDef::new(AppraiserProfiles::EnoFileId).big_integer().null().take(),
            ColumnDef::new(AppraiserProfiles::Score).double().null().take(),
        ];
        add_columns(m, AppraiserProfiles::Table, columns).await?;

        m.create_table(
            Table::create()
                .table(CoverageAreas::Table)
                .col(int_id(CoverageAreas::Id))
                .col(ColumnDef::new(CoverageAreas::AppraiserProfileId).integer().not_null())
                .col(ColumnDef::new(CoverageAreas::StateCode).string_len(2).not_null())
                .col(ColumnDef::new(CoverageAreas::County).string_len(100).not_null())
                .col(ColumnDef::new(CoverageAreas::Verified).boolean().not_null().default(false))
                .col(timestamp(CoverageAreas::CreatedAt))
                .foreign_key(&mut cascade_to_profile(
                    CoverageAreas::Table,
                    CoverageAreas::AppraiserProfileId,
                ))
                .take(),
        )
        .await?;
        unique_index(
            m,
            "ux_coverage_areas_profile_state_county",
            CoverageAreas::Table,
            [CoverageAreas::AppraiserProfileId, CoverageAreas::StateCode, CoverageAreas::County],
        )
        .await?;

        m.create_table(
            Table::create()
                .table(AppraiserLicenses::Table)
                .col(int_id(AppraiserLicenses::Id))
                .col(ColumnDef::new(AppraiserLicenses::AppraiserProfileId).integer().not_null())
                .col(ColumnDef::new(AppraiserLicenses::LicenseType).string_len(100).not_null())
                .col(ColumnDef::new(AppraiserLicenses::StateCode).string_len(2).not_null())
                .col(ColumnDef::new(AppraiserLicenses::OgNumber).string_len(50).not_null())
                .col(ColumnDef::new(AppraiserLicenses::ExpirationDate).date().not_null())
                .foreign_key(&mut cascade_to_profile(
                    AppraiserLicenses::Table,
                    AppraiserLicenses::AppraiserProfileId,
                ))
                .take(),
        )
        .await?;
        // Reassignment asks "who holds a live licence in this state?".
        index(
            m,
            "ix_appraiser_licenses_state_profile",
            AppraiserLicenses::Table,
            [AppraiserLicenses::StateCode, AppraiserLicenses::AppraiserProfileId],
        )
        .await?;
        index(
            m,
            "ix_appraiser_licenses_profile",
            AppraiserLicenses::Table,
            [AppraiserLicenses::AppraiserProfileId],
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(m, [AppraiserLicenses::Table.into_iden(), CoverageAreas::Table.into_iden()])
            .await?;
        let columns = [
            AppraiserProfiles::Score,
            AppraiserProfiles::EnoFileId,
            AppraiserProfiles::EnoExpirationDate,
            AppraiserProfiles::EnoAggregateCents,
            AppraiserProfiles::EnoPerIncidentCents,
            AppraiserProfiles::EnoProvider,
            AppraiserProfiles::OooEndDate,
            AppraiserProfiles::OooStartDate,
        ];
        drop_columns(m, AppraiserProfiles::Table, columns).await
    }
}
