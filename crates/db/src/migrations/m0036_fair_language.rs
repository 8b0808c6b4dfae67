//! Fair-language screening: the rules as versioned data with their source, seeded from Fannie Mae
//! Selling Guide B4-1.1-04 and the context words a reviewer decides on, and the findings of each
//! report version with a staff disposition.
use chrono::{TimeZone, Utc};
use sea_orm_migration::prelude::*;

use super::schema::{drop_tables, id, index, optional_timestamp, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum FairLanguageRules {
    Table,
    Id,
    Label,
    Pattern,
    Severity,
    Source,
    Active,
    Version,
    LexiconVersion,
    UpdatedBy,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum FairLanguageFindings {
    Table,
    Id,
    OrderId,
    FileId,
    RuleId,
    RuleVersion,
    LexiconVersion,
    Severity,
    Excerpt,
    Location,
    CreatedAt,
    Disposition,
    DispositionNote,
    DisposedBy,
    DisposedAt,
}

const B4: &str =
    "https://selling-guide.fanniemae.com/sel/b4-1.1-04/unacceptable-appraisal-practices";
const UCDP: &str = "https://sf.freddiemac.com/tools-learning/uniform-mortgage-data-program/ucdp";

/// id, label, pattern (a case-insensitive regular expression), severity, source.
const SEEDED: [(&str, &str, &str, &str, &str); 16] = [
    (
        "crime",
        "Refers to crime",
        r"\b(crimes?|crime rates?|criminals?|high[- ]crime|gang activity)\b",
        "block",
        B4,
    ),
    (
        "pride_of_ownership",
        "Pride of ownership (or its lack)",
        r"\b(no |lack of )?pride (of|in) ownership\b",
        "block",
        B4,
    ),
    (
        "good_poor_neighborhood",
        "Good or poor neighborhood",
        r"\b(good|poor|bad|nice|rough) (neighbou?rhood|area)\b",
        "block",
        B4,
    ),
    (
        "desirable_location",
        "Desirable or undesirable neighborhood or location",
        r"\b(un)?desirable (neighbou?rhood|area|location|community)\b",
        "block",
        B4,
    ),
    (
        "race_ethnicity",
        "Refers to race, color or ethnicity",
        r"\b(race|races|racial(ly)?|ethnic(ity|ally)?|minorit(y|ies))\b",
        "block",
        B4,
    ),
    (
        "national_origin",
        "Refers to national origin",
        r"\b(national origin|immigrants?|foreign[- ]born|nationalit(y|ies))\b",
        "block",
        B4,
    ),
    (
        "familial_status",
        "Refers to familial status",
        r"\b(familial status|families with (young )?children|young families|family[- ]friendly)\b",
        "block",
        B4,
    ),
    (
        "blight",
        "Subjective, loaded terms for an area",
        r"\b(blighted|slums?|ghetto|transitional neighbou?rhood)\b",
        "block",
        B4,
    ),
    (
        "religion",
        "Refers to religion",
        r"\b(religio(n|us)|christians?|jewish|muslims?|catholics?|protestants?|hindus?)\b",
        "warn",
        B4,
    ),
    (
        "disability",
        "Refers to disability",
        r"\b(handicap(ped)?|disabled|disabilit(y|ies))\b",
        "warn",
        B4,
    ),
    (
        "age_of_occupants",
        "Refers to the age of the occupants",
        r"\b(elderly|retirees|senior citizens)\b",
        "warn",
        B4,
    ),
    (
        "places_of_worship",
        "Place of worship: a name, or a reference to a group?",
        r"\b(church(es)?|mosques?|synagogues?|temples?)\b",
        "warn",
        UCDP,
    ),
    (
        "school_district",
        "School district: factual, or a proxy?",
        r"\bschool districts?\b",
        "warn",
        UCDP,
    ),
    (
        "walking_distance",
        "Walking distance: factual, or a proxy?",
        r"\bwalking distance\b",
        "warn",
        UCDP,
    ),
    (
        "exclusive",
        "Exclusive, prestigious or upscale",
        r"\b(exclusive|prestigious|upscale|affluent)\b",
        "warn",
        UCDP,
    ),
    (
        "integrated_diverse",
        "Integrated or diverse",
        r"\b(integrated|diverse|diversity)\b",
        "warn",
        UCDP,
    ),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use FairLanguageFindings as F;
        use FairLanguageRules as R;
        m.create_table(
            Table::create()
                .table(R::Table)
                .col(ColumnDef::new(R::Id).string_len(60).not_null().primary_key())
                .col(ColumnDef::new(R::Label).string_len(200).not_null())
                .col(ColumnDef::new(R::Pattern).string_len(300).not_null())
                .col(ColumnDef::new(R::Severity).string_len(8).not_null())
                .col(ColumnDef::new(R::Source).string_len(300).not_null())
                .col(ColumnDef::new(R::Active).boolean().not_null())
                .col(ColumnDef::new(R::Version).integer().not_null())
                .col(ColumnDef::new(R::LexiconVersion).integer().not_null())
                .col(ColumnDef::new(R::UpdatedBy).integer().null())
                .col(timestamp(R::UpdatedAt))
                .take(),
        )
        .await?;
        let seeded_at = Utc.with_ymd_and_hms(2026, 11, 27, 0, 0, 0).single().expect("a date");
        let mut insert = Query::insert();
        insert.into_table(R::Table).columns([
            R::Id,
            R::Label,
            R::Pattern,
            R::Severity,
            R::Source,
            R::Active,
            R::Version,
            R::LexiconVersion,
            R::UpdatedAt,
        ]);
        for (rule, label, pattern, severity, source) in SEEDED {
            insert.values_panic([
                rule.into(),
                label.into(),
                pattern.into(),
                severity.into(),
                source.into(),
                true.into(),
                1.into(),
                1.into(),
                seeded_at.into(),
            ]);
        }
        m.exec_stmt(insert).await?;
        m.create_table(
            Table::create()
                .table(F::Table)
                .col(id(F::Id))
                .col(ColumnDef::new(F::OrderId).big_integer().not_null())
                .col(ColumnDef::new(F::FileId).big_integer().not_null())
                .col(ColumnDef::new(F::RuleId).string_len(60).not_null())
                .col(ColumnDef::new(F::RuleVersion).integer().not_null())
                .col(ColumnDef::new(F::LexiconVersion).integer().not_null())
                .col(ColumnDef::new(F::Severity).string_len(8).not_null())
                .col(ColumnDef::new(F::Excerpt).string_len(400).not_null())
                .col(ColumnDef::new(F::Location).string_len(300).not_null())
                .col(timestamp(F::CreatedAt))
                .col(ColumnDef::new(F::Disposition).string_len(30).null())
                .col(ColumnDef::new(F::DispositionNote).text().null())
                .col(ColumnDef::new(F::DisposedBy).integer().null())
                .col(optional_timestamp(F::DisposedAt))
                .take(),
        )
        .await?;
        index(m, "ix_fair_language_findings_order", F::Table, [F::OrderId]).await?;
        index(m, "ix_fair_language_findings_file", F::Table, [F::FileId]).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            m,
            [FairLanguageFindings::Table.into_iden(), FairLanguageRules::Table.into_iden()],
        )
        .await
    }
}
