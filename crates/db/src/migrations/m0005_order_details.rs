//! What an order's detail page shows: report types, the order's detail fields, contacts, history,
//! messages, alerts, invitations, and stored files with their types.
use sea_orm_migration::prelude::*;

use super::schema::{FileTypes, drop_tables, id, index, optional_timestamp, timestamp};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum ReportTypes {
    Table,
    Id,
    ProductDescription,
    IsDesktop,
}

#[derive(DeriveIden, Clone, Copy)]
enum OrderDetails {
    Table,
    OrderId,
    FhaCaseId,
    PropertyType,
    IntendedUse,
    ReportType1Id,
    ReportType2Id,
    ReportType3Id,
    ReportType4Id,
    AppraiserFeeCents,
    TechFeeCents,
    PurchasePriceCents,
    NotesHtml,
    EstimatedDeliveryDate,
    EstimatedClosingDate,
    WasPreviouslyScheduled,
    OnTimeInquiryOpen,
    YearBuilt,
    LivingArea,
    LotArea,
    CountyUse,
    AssessedValueCents,
    Latitude,
    Longitude,
    RequiresEnv,
    AmcLicense,
}

#[derive(DeriveIden, Clone, Copy)]
enum OrderContacts {
    Table,
    Id,
    OrderId,
    Name,
    Email,
    CellPhone,
    WorkPhone,
    HomePhone,
    ContactType,
}

#[derive(DeriveIden, Clone, Copy)]
enum OrderHistories {
    Table,
    Id,
    OrderId,
    StatusId,
    MessageHtml,
    CreatedAt,
    ActorUserId,
    Hide,
}

#[derive(DeriveIden, Clone, Copy)]
enum OrderMessages {
    Table,
    Id,
    OrderId,
    MessageType,
    Body,
    FromUserId,
    FromFirstName,
    FromLastName,
    ToAppraiser,
    CreatedAt,
    ReadAt,
    Hide,
}

#[derive(DeriveIden, Clone, Copy)]
enum OrderAlerts {
    Table,
    Id,
    OrderId,
    Body,
    CreatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum OrderInvitations {
    Table,
    OrderId,
    AppraiserUserId,
    InvitedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum StoredFiles {
    Table,
    Id,
    StorageKey,
    FileName,
    ContentType,
    SizeBytes,
    Sha256,
    FileTypeId,
    UploadedBy,
    UploadedAt,
    OrderId,
    AppraiserUserId,
    Hide,
}

#[derive(DeriveIden, Clone, Copy)]
enum Orders {
    Table,
    Id,
}

#[derive(DeriveIden, Clone, Copy)]
enum OrderStatuses {
    Table,
    Id,
}

#[derive(DeriveIden, Clone, Copy)]
enum SecurityUsers {
    Table,
    Id,
}

/// (id, product description, desktop: no inspection).
const REPORT_TYPES: [(i32, &str, bool); 10] = [
    (1, "1004 Single Family Residential", false),
    (2, "1073 Individual Condominium Unit", false),
    (3, "1025 Small Residential Income (2-4 Units)", false),
    (4, "2055 Exterior-Only Inspection", false),
    (5, "1004C Manufactured Home", false),
    (6, "1007 Single Family Comparable Rent Schedule", false),
    (7, "216 Operating Income Statement", false),
    (8, "1004D Appraisal Update / Completion Report", false),
    (9, "FHA 1004 Single Family Residential", false),
    (10, "1004 Desktop Appraisal", true),
];

/// (id, description, scope, report: uploading it moves the order into review).
const FILE_TYPES: [(i32, &str, &str, bool); 16] = [
    (1, "Appraisal Report", "ORDER", true),
    (2, "Revised Appraisal Report", "ORDER", true),
    (3, "Invoice", "ORDER", false),
    (4, "Photos", "ORDER", false),
    (5, "Sketch", "ORDER", false),
    (6, "Comparables", "ORDER", false),
    (7, "Engagement Letter", "ORDER", false),
    (8, "Purchase Contract", "ORDER", false),
    (9, "Other", "ORDER", false),
    (20, "License", "APPRAISER", false),
    (21, "E&O Policy", "APPRAISER", false),
    (22, "W-9", "APPRAISER", false),
    (23, "Resume", "APPRAISER", false),
    (24, "Sample Report", "APPRAISER", false),
    (25, "Certification", "APPRAISER", false),
    (26, "Other Document", "APPRAISER", false),
];

fn order_fk<T: IntoIden + Copy + 'static>(table: T, column: T) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(Orders::Table, Orders::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .take()
}

fn user_fk<T: IntoIden + Copy + 'static>(table: T, column: T) -> ForeignKeyCreateStatement {
    ForeignKey::create().from(table, column).to(SecurityUsers::Table, SecurityUsers::Id).take()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(ReportTypes::Table)
                .col(ColumnDef::new(ReportTypes::Id).integer().not_null().primary_key())
                .col(ColumnDef::new(ReportTypes::ProductDescription).string_len(200).not_null())
                .col(ColumnDef::new(ReportTypes::IsDesktop).boolean().not_null())
                .take(),
        )
        .await?;
        let mut insert = Query::insert();
        insert.into_table(ReportTypes::Table).columns([
            ReportTypes::Id,
            ReportTypes::ProductDescription,
            ReportTypes::IsDesktop,
        ]);
        for (id, description, desktop) in REPORT_TYPES {
            insert.values_panic([id.into(), description.into(), desktop.into()]);
        }
        m.exec_stmt(insert).await?;

        let report_type = |c: OrderDetails| {
            ForeignKey::create()
                .from(OrderDetails::Table, c)
                .to(ReportTypes::Table, ReportTypes::Id)
                .take()
        };
        m.create_table(
            Table::create()
                .table(OrderDetails::Table)
                .col(ColumnDef::new(OrderDetails::OrderId).big_integer().not_null().primary_key())
                .col(ColumnDef::new(OrderDetails::FhaCaseId).string_len(30).null())
                .col(ColumnDef::new(OrderDetails::PropertyType).string_len(100).null())
                .col(ColumnDef::new(OrderDetails::IntendedUse).string_len(100).null())
                .col(ColumnDef::new(OrderDetails::ReportType1Id).integer().null())
                .col(ColumnDef::new(OrderDetails::ReportType2Id).integer().null())
                .col(ColumnDef::new(OrderDetails::ReportType3Id).integer().null())
                .col(ColumnDef::new(OrderDetails::ReportType4Id).integer().null())
                .col(ColumnDef::new(OrderDetails::AppraiserFeeCents).big_integer().null())
                .col(ColumnDef::new(OrderDetails::TechFeeCents).big_integer().null())
                .col(ColumnDef::new(OrderDetails::PurchasePriceCents).big_integer().null())
                .col(ColumnDef::new(OrderDetails::NotesHtml).text().null())
                .col(ColumnDef::new(OrderDetails::EstimatedDeliveryDate).date().null())
                .col(ColumnDef::new(OrderDetails::EstimatedClosingDate).date().null())
                .col(
                    ColumnDef::new(OrderDetails::WasPreviouslyScheduled)
                        .boolean()
                        .not_null()
                        .default(false),
                )
                .col(
                    ColumnDef::new(OrderDetails::OnTimeInquiryOpen)
                        .boolean()
                        .not_null()
                        .default(false),
                )
                .col(ColumnDef::new(OrderDetails::YearBuilt).integer().null())
                .col(ColumnDef::new(OrderDetails::LivingArea).integer().null())
                .col(ColumnDef::new(OrderDetails::LotArea).integer().null())
                .col(ColumnDef::new(OrderDetails::CountyUse).string_len(100).null())
                .col(ColumnDef::new(OrderDetails::AssessedValueCents).big_integer().null())
                .col(ColumnDef::new(OrderDetails::Latitude).double().null())
                .col(ColumnDef::new(OrderDetails::Longitude).double().null())
                .col(ColumnDef::new(OrderDetails::RequiresEnv).boolean().not_null().default(false))
                .col(ColumnDef::new(OrderDetails::AmcLicense).string_len(50).null())
                .foreign_key(&mut order_fk(OrderDetails::Table, OrderDetails::OrderId))
                .foreign_key(&mut report_type(OrderDetails::ReportType1Id))
                .foreign_key(&mut report_type(OrderDetails::ReportType2Id))
                .foreign_key(&mut report_type(OrderDetails::ReportType3Id))
                .foreign_key(&mut report_type(OrderDetails::ReportType4Id))
                .take(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(OrderContacts::Table)
                .col(id(OrderContacts::Id))
                .col(ColumnDef::new(OrderContacts::OrderId).big_integer().not_null())
                .col(ColumnDef::new(OrderContacts::Name).string_len(200).not_null())
                .col(ColumnDef::new(OrderContacts::Email).string_len(254).null())
                .col(ColumnDef::new(OrderContacts::CellPhone).string_len(30).null())
                .col(ColumnDef::new(OrderContacts::WorkPhone).string_len(30).null())
                .col(ColumnDef::new(OrderContacts::HomePhone).string_len(30).null())
                .col(ColumnDef::new(OrderContacts::ContactType).string_len(50).not_null())
                .foreign_key(&mut order_fk(OrderContacts::Table, OrderContacts::OrderId))
                .take(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(OrderHistories::Table)
                .col(id(OrderHistories::Id))
                .col(ColumnDef::new(OrderHistories::OrderId).big_integer().not_null())
                .col(ColumnDef::new(OrderHistories::StatusId).integer().not_null())
                .col(ColumnDef::new(OrderHistories::MessageHtml).text().null())
                .col(timestamp(OrderHistories::CreatedAt))
                .col(ColumnDef::new(OrderHistories::ActorUserId).integer().null())
                .col(ColumnDef::new(OrderHistories::Hide).boolean().not_null().default(false))
                .foreign_key(&mut order_fk(OrderHistories::Table, OrderHistories::OrderId))
                .foreign_key(
                    &mut ForeignKey::create()
                        .from(OrderHistories::Table, OrderHistories::StatusId)
                        .to(OrderStatuses::Table, OrderStatuses::Id)
                        .take(),
                )
                .foreign_key(&mut user_fk(OrderHistories::Table, OrderHistories::ActorUserId))
                .take(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(OrderMessages::Table)
                .col(id(OrderMessages::Id))
                .col(ColumnDef::new(OrderMessages::OrderId).big_integer().not_null())
                .col(ColumnDef::new(OrderMessages::MessageType).string_len(100).not_null())
                .col(ColumnDef::new(OrderMessages::Body).text().not_null())
                .col(ColumnDef::new(OrderMessages::FromUserId).integer().null())
                .col(ColumnDef::new(OrderMessages::FromFirstName).string_len(100).not_null())
                .col(ColumnDef::new(OrderMessages::FromLastName).string_len(100).not_null())
                .col(ColumnDef::new(OrderMessages::ToAppraiser).boolean().not_null())
                .col(timestamp(OrderMessages::CreatedAt))
                .col(optional_timestamp(OrderMessages::ReadAt))
                .col(ColumnDef::new(OrderMessages::Hide).boolean().not_null().default(false))
                .foreign_key(&mut order_fk(OrderMessages::Table, OrderMessages::OrderId))
                .foreign_key(&mut user_fk(OrderMessages::Table, OrderMessages::FromUserId))
                .take(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(OrderAlerts::Table)
                .col(id(OrderAlerts::Id))
                .col(ColumnDef::new(OrderAlerts::OrderId).big_integer().not_null())
                .col(ColumnDef::new(OrderAlerts::Body).string_len(500).not_null())
                .col(timestamp(OrderAlerts::CreatedAt))
                .foreign_key(&mut order_fk(OrderAlerts::Table, OrderAlerts::OrderId))
                .take(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(OrderInvitations::Table)
                .col(ColumnDef::new(OrderInvitations::OrderId).big_integer().not_null())
                .col(ColumnDef::new(OrderInvitations::AppraiserUserId).integer().not_null())
                .col(timestamp(OrderInvitations::InvitedAt))
                .primary_key(
                    Index::create()
                        .col(OrderInvitations::OrderId)
                        .col(OrderInvitations::AppraiserUserId),
                )
                .foreign_key(&mut order_fk(OrderInvitations::Table, OrderInvitations::OrderId))
                .foreign_key(&mut user_fk(
                    OrderInvitations::Table,
                    OrderInvitations::AppraiserUserId,
                ))
                .take(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(FileTypes::Table)
                .col(ColumnDef::new(FileTypes::Id).integer().not_null().primary_key())
                .col(ColumnDef::new(FileTypes::Description).string_len(100).not_null())
                .col(ColumnDef::new(FileTypes::Scope).string_len(20).not_null())
                .col(ColumnDef::new(FileTypes::IsReport).boolean().not_null())
                .take(),
        )
        .await?;
        let mut insert = Query::insert();
        insert.into_table(FileTypes::Table).columns([
            FileTypes::Id,
            FileTypes::Description,
            FileTypes::Scope,
            FileTypes::IsReport,
        ]);
        for (id, description, scope, report) in FILE_TYPES {
            insert.values_panic([id.into(), description.into(), scope.into(), report.into()]);
        }
        m.exec_stmt(insert).await?;

        m.create_table(
            Table::create()
                .table(StoredFiles::Table)
                .col(id(StoredFiles::Id))
                .col(
                    ColumnDef::new(StoredFiles::StorageKey).string_len(200).not_null().unique_key(),
                )
                .col(ColumnDef::new(StoredFiles::FileName).string_len(255).not_null())
                .col(ColumnDef::new(StoredFiles::ContentType).string_len(120).not_null())
                .col(ColumnDef::new(StoredFiles::SizeBytes).big_integer().not_null())
                .col(ColumnDef::new(StoredFiles::Sha256).string_len(64).not_null())
                .col(ColumnDef::new(StoredFiles::FileTypeId).integer().null())
                .col(ColumnDef::new(StoredFiles::UploadedBy).integer().null())
                .col(timestamp(StoredFiles::UploadedAt))
                .col(ColumnDef::new(StoredFiles::OrderId).big_integer().null())
                .col(ColumnDef::new(StoredFiles::AppraiserUserId).integer().null())
                .col(ColumnDef::new(StoredFiles::Hide).boolean().not_null().default(false))
                .foreign_key(
                    &mut ForeignKey::create()
                        .from(StoredFiles::Table, StoredFiles::FileTypeId)
                        .to(FileTypes::Table, FileTypes::Id)
                        .take(),
                )
                .foreign_key(&mut user_fk(StoredFiles::Table, StoredFiles::UploadedBy))
                .foreign_key(
                    &mut ForeignKey::create()
                        .from(StoredFiles::Table, StoredFiles::OrderId)
                        .to(Orders::Table, Orders::Id)
                        .take(),
                )
                .foreign_key(&mut user_fk(StoredFiles::Table, StoredFiles::AppraiserUserId))
                .take(),
        )
        .await?;

        for (name, table, cols) in [
            (
                "ix_order_contacts_order",
                OrderContacts::Table.into_iden(),
                vec![OrderContacts::OrderId.into_iden()],
            ),
            (
                "ix_order_histories_order",
                OrderHistories::Table.into_iden(),
                vec![OrderHistories::OrderId.into_iden(), OrderHistories::CreatedAt.into_iden()],
            ),
            (
                "ix_order_messages_order",
                OrderMessages::Table.into_iden(),
                vec![OrderMessages::OrderId.into_iden(), OrderMessages::CreatedAt.into_iden()],
            ),
            (
                "ix_order_alerts_order",
                OrderAlerts::Table.into_iden(),
                vec![OrderAlerts::OrderId.into_iden()],
            ),
            (
                "ix_order_invitations_user",
                OrderInvitations::Table.into_iden(),
                vec![OrderInvitations::AppraiserUserId.into_iden()],
            ),
            (
                "ix_stored_files_order",
                StoredFiles::Table.into_iden(),
                vec![StoredFiles::OrderId.into_iden()],
            ),
            (
                "ix_stored_files_appraiser",
                StoredFiles::Table.into_iden(),
                vec![StoredFiles::AppraiserUserId.into_iden()],
            ),
        ] {
            index(m, name, table, cols).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            m,
            [
                StoredFiles::Table.into_iden(),
                FileTypes::Table.into_iden(),
                OrderInvitations::Table.into_iden(),
                OrderAlerts::Table.into_iden(),
                OrderMessages::Table.into_iden(),
                OrderHistories::Table.into_iden(),
                OrderContacts::Table.into_iden(),
                OrderDetails::Table.into_iden(),
                ReportTypes::Table.into_iden(),
            ],
        )
        .await
    }
}
