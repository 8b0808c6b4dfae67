//! The 41 order statuses (part 1 section 4.2) and their groups (domain.md).

/// (id, description) for every status.
pub const STATUSES: [(i32, &str); 41] = [
    (1, "UCDP ready to upload"),
    (2, "pending payment"),
    (3, "default"),
    (4, "assigned"),
    (5, "accepted"),
    (6, "in progress"),
    (7, "refer to comments"),
    (8, "left message"),
    (9, "no answer"),
    (10, "on hold"),
    (11, "scheduled"),
    (12, "rescheduled"),
    (13, "inspected"),
    (14, "in review"),
    (15, "completed"),
    (16, "revision requested"),
    (17, "reviewed"),
    (18, "delivered to client"),
    (19, "cancelled"),
    (20, "UCDP fail"),
    (21, "rejected"),
    (22, "invoice created"),
    (23, "lender revision request"),
    (24, "revision requested response"),
    (25, "level 2 QC"),
    (26, "waiting approval"),
    (27, "delayed"),
    (28, "draft"),
    (29, "quote"),
    (30, "pending level 2"),
    (31, "cancel pending"),
    (32, "review escalation"),
    (33, "possible revision"),
    (34, "spot hire"),
    (35, "appraiser delay"),
    (36, "level 3 QC"),
    (37, "document review"),
    (38, "pending delivery"),
    (39, "duplicate review"),
    (40, "chase escalation"),
    (41, "leadership QC"),
];

pub const CLOSED: [i32; 6] = [15, 17, 18, 19, 21, 22];
pub const REVIEW: [i32; 11] = [14, 25, 30, 32, 33, 36, 37, 38, 39, 40, 41];

/// The group options of the status search: Open (every open status) and All.
pub const OPEN_GROUP: i32 = -1;
pub const ALL_GROUP: i32 = 0;

pub fn exists(id: i32) -> bool {
    (1..=41).contains(&id)
}

pub fn is_closed(id: i32) -> bool {
    CLOSED.contains(&id)
}

pub fn is_open(id: i32) -> bool {
    exists(id) && !is_closed(id)
}

pub fn in_review(id: i32) -> bool {
    REVIEW.contains(&id)
}

pub fn description(id: i32) -> Option<&'static str> {
    STATUSES.iter().find(|(s, _)| *s == id).map(|(_, d)| *d)
}

/// "in review" -> "In Review", keeping acronyms such as UCDP and QC as they are.
pub fn label(id: i32) -> Option<String> {
    description(id).map(|d| {
        d.split(' ')
            .map(|w| {
                let mut c = w.chars();
                match c.next() {
                    Some(first) => first.to_uppercase().chain(c).collect(),
                    None => String::new(),
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    })
}

pub fn open_ids() -> Vec<i32> {
    STATUSES.iter().map(|(id, _)| *id).filter(|id| is_open(*id)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups() {
        assert_eq!(STATUSES.len(), 41);
        assert!(STATUSES.iter().enumerate().all(|(i, (id, _))| *id == i as i32 + 1));
        assert_eq!(open_ids().len(), 35);
        assert!(is_open(4) && !is_open(15) && !is_open(42));
        assert!(REVIEW.iter().all(|id| is_open(*id)), "review statuses are open");
        assert_eq!(label(1).as_deref(), Some("UCDP Ready To Upload"));
        assert_eq!(label(41).as_deref(), Some("Leadership QC"));
    }
}
