//! The appraiser profile's settings (out of office, E&O insurance, score), coverage areas and
//! licences. security_users.cell_phone_carrier exists since m0001.
use sea_orm_migration::prelude::*;

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
        // SQLite adds one column per ALTER TABLE. eno_file_id points at stored_files; SQLite
        // cannot add a foreign key to an existing table, so the code keeps that link.
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
        for mut column in columns {
            m.alter_table(
                Table::alter().table(AppraiserProfiles::Table).add_column(&mut column).take(),
            )
            .await?;
        }

        m.create_table(
            Table::create()
                .table(CoverageAreas::Table)
                .col(
                    ColumnDef::new(CoverageAreas::Id)
                        .integer()
                        .not_null()
                        .auto_increment()
                        .primary_key(),
                )
                .col(ColumnDef::new(CoverageAreas::AppraiserProfileId).integer().not_null())
                .col(ColumnDef::new(CoverageAreas::StateCode).string_len(2).not_null())
                .col(ColumnDef::new(CoverageAreas::County).string_len(100).not_null())
                .col(ColumnDef::new(CoverageAreas::Verified).boolean().not_null().default(false))
                .col(ColumnDef::new(CoverageAreas::CreatedAt).timestamp_with_time_zone().not_null())
                .foreign_key(&mut cascade_to_profile(
                    CoverageAreas::Table,
                    CoverageAreas::AppraiserProfileId,
                ))
                .take(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ux_coverage_areas_profile_state_county")
                .table(CoverageAreas::Table)
                .col(CoverageAreas::AppraiserProfileId)
                .col(CoverageAreas::StateCode)
                .col(CoverageAreas::County)
                .unique()
                .take(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(AppraiserLicenses::Table)
                .col(
                    ColumnDef::new(AppraiserLicenses::Id)
                        .integer()
                        .not_null()
                        .auto_increment()
                        .primary_key(),
                )
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
        m.create_index(
            Index::create()
                .name("ix_appraiser_licenses_state_profile")
                .table(AppraiserLicenses::Table)
                .col(AppraiserLicenses::StateCode)
                .col(AppraiserLicenses::AppraiserProfileId)
                .take(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_appraiser_licenses_profile")
                .table(AppraiserLicenses::Table)
                .col(AppraiserLicenses::AppraiserProfileId)
                .take(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(AppraiserLicenses::Table).take()).await?;
        m.drop_table(Table::drop().table(CoverageAreas::Table).take()).await?;
        for column in [
            AppraiserProfiles::Score,
            AppraiserProfiles::EnoFileId,
            AppraiserProfiles::EnoExpirationDate,
            AppraiserProfiles::EnoAggregateCents,
            AppraiserProfiles::EnoPerIncidentCents,
            AppraiserProfiles::EnoProvider,
            AppraiserProfiles::OooEndDate,
            AppraiserProfiles::OooStartDate,
        ] {
            m.alter_table(
                Table::alter().table(AppraiserProfiles::Table).drop_column(column).take(),
            )
            .await?;
        }
        Ok(())
    }
}
