//! Demo detail data: every order gets its detail fields; the demo appraiser's orders get
//! contacts, history, messages, alerts and real stored files (with hidden items for staff), and
//! two orders show the "no longer available" path (invited, then rejected or reassigned).
use chrono::{Duration, Utc};
use portal_db::entities::{
    order, order_alert, order_contact, order_detail, order_history, order_invitation,
    order_message, security_user, stored_file,
};
use portal_uad::samples::{self, Sample};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, IntoActiveModel, NotSet,
    PaginatorTrait, QueryFilter, QueryOrder, Set,
};

use crate::features::reports::fair_language;
use crate::kernel::orders::kinds::{INTENDED_USES, PROPERTY_TYPES};
use crate::kernel::orders::status::OrderStatus as S;
use crate::kernel::users::accounts;
use crate::platform::http::error::AppResult;
use crate::platform::storage::Storage;

/// The first demo order's file number (demo/orders.rs numbers them from here, status 1..41 first).
const FIRST_DEMO_FILE: u64 = 26_000_001;
/// Demo orders whose lists stay empty, for the empty states.
const BARE_FILE: &str = "26000006";
/// Its files and messages are all hidden: staff see "No visible ..." there.
const ALL_HIDDEN_FILE: &str = "26000007";
/// Besides the scheduled orders, staff asked whether this inspected order is on time.
const ON_TIME_QUESTION_FILE: &str = "26000054";

pub async fn seed(db: &DatabaseConnection, storage: &Storage) -> AppResult<()> {
    if order_detail::Entity::find().count(db).await? > 0 {
        return Ok(());
    }
    let Some(appraiser) = accounts::find(db, "demo.appraiser").await? else { return Ok(()) };
    let Some(staff) = accounts::find(db, "demo.staff").await? else { return Ok(()) };
    let orders = order::Entity::find().order_by_asc(order::Column::Id).all(db).await?;
    let txn = portal_db::begin_write(db).await?;
    // The orders' invitations were recorded with the orders (demo/orders.rs).
    let details: Vec<_> = orders.iter().map(detail_for).collect();
    for chunk in details.chunks(200) {
        order_detail::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    let staff_name =
        (staff.first_name.clone().unwrap_or_default(), staff.last_name.clone().unwrap_or_default());
    let appraiser_name = (
        appraiser.first_name.clone().unwrap_or_default(),
        appraiser.last_name.clone().unwrap_or_default(),
    );
    let mine: Vec<&order::Model> =
        orders.iter().filter(|o| o.assigned_appraiser_id == Some(appraiser.id)).collect();
    if let Some(o) = mine.iter().find(|o| o.status_id == S::InReview) {
        report_with_data_file(&txn, storage, o, &appraiser, IN_REVIEW_COMMENTS).await?;
    }
    for o in mine {
        if o.file_number == BARE_FILE {
            continue;
        }
        let all_hidden = o.file_number == ALL_HIDDEN_FILE;
        contacts(&txn, o.id).await?;
        history(&txn, o, staff.id).await?;
        messages(&txn, o, (staff.id, &staff_name), (appraiser.id, &appraiser_name), all_hidden)
            .await?;
        if matches!(o.status_id, S::OnHold | S::RevisionRequested) {
            alert(&txn, o.id, "Borrower requests a call 24 hours before the inspection").await?;
            alert(&txn, o.id, "Gate code required: ask the property contact").await?;
        }
        if o.file_number.parse::<u64>().is_ok_and(|n| n < FIRST_DEMO_FILE + 16) {
            files(&txn, storage, o, staff.id, appraiser.id, all_hidden).await?;
        }
    }
    txn.commit().await?;
    no_longer_available(db, appraiser.id).await
}

/// What demo orders charge the client over the appraiser's fee.
const DEMO_MARGIN_CENTS: i64 = 15_000;

fn detail_for(o: &order::Model) -> order_detail::ActiveModel {
    let mut rng = StdRng::seed_from_u64(o.id as u64);
    let fee = 350 + 25 * rng.random_range(0..12);
    let desktop_report = o.is_desktop.then_some(10);
    order_detail::ActiveModel {
        order_id: Set(o.id),
        fha_case_id: Set(rng.random_bool(0.2).then(|| {
            format!("{:03}-{:07}", rng.random_range(100..999), rng.random_range(0..9_999_999))
        })),
        property_type: Set(Some(PROPERTY_TYPES[rng.random_range(0..4)].into())),
        intended_use: Set(Some(INTENDED_USES[rng.random_range(0..3)].into())),
        report_type1_id: Set(Some(desktop_report.unwrap_or(rng.random_range(1..=4)))),
        report_type2_id: Set(rng.random_bool(0.3).then_some(6)),
        report_type3_id: Set(None),
        report_type4_id: Set(None),
        appraiser_fee_cents: Set(Some(fee * 100)),
        client_fee_cents: Set(Some(fee * 100 + DEMO_MARGIN_CENTS)),
        tech_fee_cents: Set(Some(400)),
        purchase_price_cents: Set(Some(rng.random_range(150..900) * 100_000)),
        notes_html: Set(Some(
            "<p>Please call the borrower before visiting. <strong>Dog on premises.</strong></p>\
             <ul><li>Photos of every room</li><li>Include the detached garage</li></ul>"
                .into(),
        )),
        estimated_delivery_date: Set(o.appraiser_due_date.map(|d| d - Duration::days(1))),
        estimated_closing_date: Set(o.appraiser_due_date.map(|d| d + Duration::days(21))),
        was_previously_scheduled: Set(o.status_id == S::Rescheduled),
        on_time_inquiry_open: Set(
            o.status_id == S::Scheduled || o.file_number == ON_TIME_QUESTION_FILE
        ),
        year_built: Set(Some(rng.random_range(1925..2024))),
        living_area: Set(Some(rng.random_range(900..4200))),
        lot_area: Set(Some(rng.random_range(3000..22000))),
        county_use: Set(Some("Residential".into())),
        assessed_value_cents: Set(Some(rng.random_range(120..850) * 100_000)),
        latitude: Set(Some(30.2672 + rng.random_range(-0.08..0.08))),
        longitude: Set(Some(-97.7431 + rng.random_range(-0.08..0.08))),
        requires_env: Set(rng.random_bool(0.1)),
        amc_license: Set(Some(format!("AMC-TX-{:05}", rng.random_range(1000..99999)))),
        location_approximate: Set(false),
        ..Default::default()
    }
}

async fn contacts(db: &impl sea_orm::ConnectionTrait, order_id: i64) -> AppResult<()> {
    let rows = [
        (
            "Jordan Rivera",
            Some("jordan.rivera@example.com"),
            Some("5125550134"),
            None,
            Some("5125550199"),
            "PROPERTY_CONTACT",
        ),
        (
            "Priya Shah",
            Some("priya.shah@lender.example"),
            None,
            Some("18005550175x204"),
            None,
            "LOAN_OFFICER",
        ),
        ("Sam Ortiz", None, Some("5550148"), None, None, "LISTING_AGENT"),
    ];
    let models = rows.map(|(name, email, cell, work, home, kind)| order_contact::ActiveModel {
        id: NotSet,
        order_id: Set(order_id),
        name: Set(name.into()),
        email: Set(email.map(Into::into)),
        cell_phone: Set(cell.map(Into::into)),
        notes: Set(None),
        work_phone: Set(work.map(Into::into)),
        home_phone: Set(home.map(Into::into)),
        contact_type: Set(kind.into()),
    });
    order_contact::Entity::insert_many(models).exec_without_returning(db).await?;
    Ok(())
}

async fn history(
    db: &impl sea_orm::ConnectionTrait,
    o: &order::Model,
    staff: i32,
) -> AppResult<()> {
    let created = o.created_at;
    let mut rows = vec![
        (S::Default, "<p>Order created by the lender portal.</p>", created, false),
        (
            S::Assigned,
            "<p>Assigned to the appraiser.</p>",
            o.assignment_actual_date.unwrap_or(created),
            false,
        ),
        (
            S::Default,
            "<p>Internal: fee negotiated with the client.</p>",
            created + Duration::minutes(30),
            true,
        ),
    ];
    if o.status_id != S::Assigned && o.status_id != S::Default {
        rows.push((
            o.status_id,
            "<p>Status changed to <em>current</em>.</p>",
            Utc::now() - Duration::hours(1),
            false,
        ));
    }
    let models =
        rows.into_iter().map(|(status_id, message, at, hide)| order_history::ActiveModel {
            id: NotSet,
            order_id: Set(o.id),
            status_id: Set(status_id),
            message_html: Set(Some(message.into())),
            created_at: Set(at),
            actor_user_id: Set(Some(staff)),
            hide: Set(hide),
        });
    order_history::Entity::insert_many(models).exec_without_returning(db).await?;
    Ok(())
}

async fn messages(
    db: &impl sea_orm::ConnectionTrait,
    o: &order::Model,
    (staff, staff_name): (i32, &(String, String)),
    (appraiser, appraiser_name): (i32, &(String, String)),
    all_hidden: bool,
) -> AppResult<()> {
    let now = Utc::now();
    let mut rows = vec![
        (
            staff,
            staff_name,
            "Staff to Appraiser",
            "Welcome aboard: the borrower prefers mornings.",
            true,
            now - Duration::hours(20),
            true,
            all_hidden,
        ),
        (
            appraiser,
            appraiser_name,
            "Appraiser to Staff",
            "Thanks, I will call them today.",
            false,
            now - Duration::hours(19),
            true,
            all_hidden,
        ),
        (
            staff,
            staff_name,
            "Internal Note",
            "Client escalated the due date (internal).",
            false,
            now - Duration::hours(18),
            true,
            true,
        ),
    ];
    for i in 0..o.appraiser_unread_messages {
        let at = now - Duration::minutes(30 - i64::from(i));
        rows.push((
            staff,
            staff_name,
            "Staff to Appraiser",
            "Please confirm the inspection time.",
            true,
            at,
            false,
            all_hidden,
        ));
    }
    let models = rows.into_iter().map(|(from, name, kind, body, to_appraiser, at, read, hide)| {
        order_message::ActiveModel {
            id: NotSet,
            order_id: Set(o.id),
            message_type: Set(kind.into()),
            body: Set(body.into()),
            from_user_id: Set(Some(from)),
            from_first_name: Set(name.0.clone()),
            from_last_name: Set(name.1.clone()),
            to_appraiser: Set(to_appraiser),
            created_at: Set(at),
            read_at: Set(read.then_some(at)),
            hide: Set(hide),
        }
    });
    order_message::Entity::insert_many(models).exec_without_returning(db).await?;
    Ok(())
}

async fn alert(db: &impl sea_orm::ConnectionTrait, order_id: i64, body: &str) -> AppResult<()> {
    order_alert::ActiveModel {
        id: NotSet,
        order_id: Set(order_id),
        body: Set(body.into()),
        created_at: Set(Utc::now()),
    }
    .insert(db)
    .await?;
    Ok(())
}

async fn files(
    db: &impl sea_orm::ConnectionTrait,
    storage: &Storage,
    o: &order::Model,
    staff: i32,
    appraiser: i32,
    all_hidden: bool,
) -> AppResult<()> {
    let now = Utc::now();
    /// (name, file type, content, content type, uploaded by, minutes ago, hidden)
    type Listed<'a> = (&'a str, i32, Vec<u8>, &'a str, i32, i64, bool);
    let list: [Listed; 3] = [
        (
            "Engagement Letter.pdf",
            7,
            samples::pdf_with_text(&[&format!("Engagement letter for order {}", o.file_number)]),
            "application/pdf",
            staff,
            30,
            all_hidden,
        ),
        ("Front elevation.png", 4, TINY_PNG.to_vec(), "image/png", appraiser, 10, all_hidden),
        (
            "Internal review notes.txt",
            9,
            b"Internal: comparable 3 needs a second look.".to_vec(),
            "text/plain; charset=utf-8",
            staff,
            5,
            true,
        ),
    ];
    for (name, file_type, bytes, content_type, by, minutes_ago, hide) in list {
        let file = DemoFile { name, file_type, content_type, by, hide };
        order_file(db, storage, o.id, file, &bytes, now - Duration::minutes(minutes_ago)).await?;
    }
    Ok(())
}

/// A file of a demo order.
struct DemoFile<'a> {
    name: &'a str,
    file_type: i32,
    content_type: &'a str,
    by: i32,
    hide: bool,
}

/// Stores the bytes and records them as a file of the order.
async fn order_file(
    db: &impl sea_orm::ConnectionTrait,
    storage: &Storage,
    order_id: i64,
    file: DemoFile<'_>,
    bytes: &[u8],
    at: chrono::DateTime<Utc>,
) -> AppResult<stored_file::Model> {
    let stored = storage.put_bytes(bytes).await?;
    Ok(stored_file::ActiveModel {
        id: NotSet,
        storage_key: Set(stored.key),
        file_name: Set(file.name.into()),
        content_type: Set(file.content_type.into()),
        size_bytes: Set(stored.size as i64),
        sha256: Set(stored.sha256),
        file_type_id: Set(Some(file.file_type)),
        uploaded_by: Set(Some(file.by)),
        uploaded_at: Set(at),
        order_id: Set(Some(order_id)),
        appraiser_user_id: Set(None),
        hide: Set(file.hide),
    }
    .insert(db)
    .await?)
}

/// The neighbourhood description of the report in review: words the fair-language screening
/// blocks, warns of, and takes for a street's name.
const IN_REVIEW_COMMENTS: &[&str] = &[
    "Homes on the street show pride of ownership; the area is within walking distance of shops.",
    "Comparable 2 is on Church Street, two blocks east.",
];

/// The report of an order and its UAD 3.6 data file (whose neighbourhood description is
/// `comments`), as the appraiser uploads them and screened: the Report Data card, its warnings,
/// the fair-language findings and the review checklist have something to show.
pub(super) async fn report_with_data_file(
    db: &impl sea_orm::ConnectionTrait,
    storage: &Storage,
    o: &order::Model,
    appraiser: &security_user::Model,
    comments: &[&str],
) -> AppResult<()> {
    let pdf = samples::pdf_with_text(&[&format!("Appraisal report for order {}", o.file_number)]);
    let sample = Sample {
        street: Some(o.property_address_line1.clone()),
        city: o.property_city.clone(),
        state: o.property_state_code.clone(),
        zip: o.property_zip.clone(),
        appraiser_name: Some(crate::platform::names::full_name(appraiser)),
        pdf: pdf.clone(),
        comments: comments.iter().map(|c| c.to_string()).collect(),
        ..Sample::default()
    };
    let data = samples::uad36(&sample);
    let report = portal_uad::read(&data, &portal_uad::Limits::default())
        .map_err(|r| crate::platform::http::error::AppError::Internal(r.message))?;
    let now = Utc::now();
    for (name, file_type, bytes, content_type) in [
        ("Appraisal Report.pdf", 1, pdf, "application/pdf"),
        (
            "Appraisal Data.zip",
            crate::features::reports::DATA_FILE_TYPE_ID,
            data,
            "application/zip",
        ),
    ] {
        let file = DemoFile { name, file_type, content_type, by: appraiser.id, hide: false };
        let row = order_file(db, storage, o.id, file, &bytes, now - Duration::minutes(20)).await?;
        if file_type == crate::features::reports::DATA_FILE_TYPE_ID {
            crate::features::reports::data::keep(db, row.id, &report).await?;
            let mut places = report.place_names.clone();
            places.push(o.property_address_line1.clone());
            let what = fair_language::Screened::DataFile(&report);
            let screening = fair_language::screen_version(db, what, &places).await?;
            fair_language::record(db, o.id, row.id, &screening).await?;
        }
    }
    Ok(())
}

/// Two orders the demo appraiser was invited to and lost: one they rejected, one reassigned.
async fn no_longer_available(db: &DatabaseConnection, appraiser: i32) -> AppResult<()> {
    let other = accounts::find(db, "demo.appraiser2").await?.map(|u| u.id);
    let candidates = order::Entity::find()
        .filter(order::Column::AssignedAppraiserId.ne(appraiser))
        .filter(order::Column::StatusId.is_in([S::Assigned, S::Accepted, S::InProgress]))
        .order_by_asc(order::Column::Id)
        .all(db)
        .await?;
    for (lost, status) in candidates.into_iter().take(2).zip([S::Rejected, S::Accepted]) {
        let mut row = lost.clone().into_active_model();
        row.status_id = Set(status);
        row.assigned_appraiser_id =
            Set(if status == S::Rejected { None } else { other.or(lost.assigned_appraiser_id) });
        row.update(db).await?;
        order_invitation::Entity::insert(order_invitation::ActiveModel {
            order_id: Set(lost.id),
            appraiser_user_id: Set(appraiser),
            invited_at: Set(lost.created_at),
        })
        .on_conflict_do_nothing()
        .exec_without_returning(db)
        .await?;
    }
    Ok(())
}

/// A 1x1 PNG.
const TINY_PNG: [u8; 67] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00,
    0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
    0x42, 0x60, 0x82,
];
