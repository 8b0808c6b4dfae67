//! Demo secure links: four for demo.appraiser about their orders (the newest not yet opened,
//! two with attachments); none for demo.appraiser2 (the empty state).
use chrono::{Duration, Utc};
use portal_db::entities::{order, secure_link, secure_link_attachment, security_user, stored_file};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, NotSet, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::platform::http::error::AppResult;
use crate::platform::storage::Storage;

struct DemoLink {
    subject: &'static str,
    message: &'static str,
    hours_ago: i64,
    viewed: bool,
    /// (file name, content type, text in the file)
    attachments: &'static [(&'static str, &'static str, &'static str)],
}

const LINKS: [DemoLink; 4] = [
    DemoLink {
        subject: "Updated purchase contract",
        message: "Hello,\n\n\
                  The lender sent an amended purchase contract with a revised sales price. \
                  Please review it before you finalise the report.\n\n\
                  Thank you,\nDana",
        hours_ago: 3,
        viewed: false,
        attachments: &[(
            "Amended purchase contract.pdf",
            "application/pdf",
            "Amended purchase contract: sales price revised to $412,500.",
        )],
    },
    DemoLink {
        subject: "Borrower access instructions",
        message: "The borrower asks that you call 30 minutes before arriving. \
                  The gate code is 4471.",
        hours_ago: 30,
        viewed: true,
        attachments: &[],
    },
    DemoLink {
        subject: "Prior appraisal for reference",
        message: "Attached are the prior appraisal and the plat map the client supplied. \
                  They are for reference only.",
        hours_ago: 24 * 5,
        viewed: true,
        attachments: &[
            (
                "Prior appraisal 2023.pdf",
                "application/pdf",
                "Prior appraisal, effective date 2023-04-18.",
            ),
            (
                "Plat map.txt",
                "text/plain; charset=utf-8",
                "Lot 14, Block C, Barton Hills Section 3.",
            ),
        ],
    },
    DemoLink {
        subject: "Engagement letter reminder",
        message: "A reminder that the engagement letter states a $4 Technology Fee \
                  deducted from each payment.",
        hours_ago: 24 * 12,
        viewed: true,
        attachments: &[],
    },
];

pub async fn seed_demo_links(
    db: &impl ConnectionTrait,
    storage: &Storage,
    appraiser: &security_user::Model,
    staff: Option<&security_user::Model>,
) -> AppResult<()> {
    let already = secure_link::Entity::find()
        .filter(secure_link::Column::RecipientUserId.eq(appraiser.id))
        .count(db)
        .await?;
    if already > 0 {
        return Ok(());
    }
    let orders = order::Entity::find()
        .filter(order::Column::AssignedAppraiserId.eq(appraiser.id))
        .order_by_desc(order::Column::CreatedAt)
        .limit(LINKS.len() as u64)
        .all(db)
        .await?;
    let sender_name = staff.map_or("Dana Staff".to_string(), |s| {
        [s.first_name.as_deref(), s.last_name.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ")
    });
    let sender_email =
        staff.map_or("orders@appraisalportal.example".to_string(), |s| s.email.clone());
    let now = Utc::now();
    for (i, l) in LINKS.iter().enumerate() {
        let order = orders.get(i);
        let sent = now - Duration::hours(l.hours_ago);
        let link = secure_link::ActiveModel {
            id: NotSet,
            order_id: Set(order.map(|o| o.id)),
            usa_file_number: Set(
                order.map_or(format!("DEMO-{}", 500 + i), |o| o.file_number.clone())
            ),
            recipient_user_id: Set(appraiser.id),
            recipient_email: Set(appraiser.email.clone()),
            sender_name: Set(sender_name.clone()),
            sender_email: Set(sender_email.clone()),
            subject: Set(l.subject.into()),
            message: Set(l.message.into()),
            sent_at: Set(sent),
            viewed_at: Set(l.viewed.then(|| sent + Duration::minutes(45))),
        }
        .insert(db)
        .await?;
        for (name, content_type, text) in l.attachments {
            let bytes = if content_type.starts_with("application/pdf") {
                portal_uad::samples::pdf_with_text(&[text])
            } else {
                text.as_bytes().to_vec()
            };
            let stored = storage.put_bytes(&bytes).await?;
            let file = stored_file::ActiveModel {
                id: NotSet,
                storage_key: Set(stored.key),
                file_name: Set((*name).into()),
                content_type: Set((*content_type).into()),
                size_bytes: Set(stored.size as i64),
                sha256: Set(stored.sha256),
                file_type_id: Set(None),
                uploaded_by: Set(staff.map(|s| s.id)),
                uploaded_at: Set(sent),
                order_id: Set(None),
                appraiser_user_id: Set(None),
                hide: Set(false),
            }
            .insert(db)
            .await?;
            secure_link_attachment::ActiveModel {
                id: NotSet,
                secure_link_id: Set(link.id),
                stored_file_id: Set(file.id),
            }
            .insert(db)
            .await?;
        }
    }
    Ok(())
}
