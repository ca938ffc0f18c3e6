//! The playtest questions on the phones (issue 47): once the result is shown, each person's
//! own page asks the questions of [`super::feedback`] one at a time, as buttons (the comment
//! typed), each with "Skip", "Back" to correct the answer before, and "Stop answering". Each
//! answer is kept with the record at once, marked with the question reached, so a server
//! resumed after a crash asks each person from where they were. A page shows only its own
//! person's answers; the table and the host see how many have finished, never what anyone
//! said. The host may end the questions for everyone (what was answered is kept).

use serde_json::{json, Value};
use silk_core::Feedback;

/// The questions, in order; `Done` once the person has answered (or skipped) them all.
const ENJOYMENT: u8 = 0;
const LENGTH: u8 = 1;
const MOST: u8 = 2;
const LEAST: u8 = 3;
const UNCLEAR: u8 = 4;
const COMMENT: u8 = 5;
const DONE: u8 = 6;

const SKIP: &str = "Skip this question";
const BACK: &str = "back";
const STOP: &str = "stop answering";
const FINISHED_UNCLEAR: &str = "That is all";
const NONE_UNCLEAR: &str = "None was unclear";
const NOTHING_TO_ADD: &str = "Nothing to add";
const ENJOYED: [&str; 5] = [
    "1 — not at all",
    "2 — a little",
    "3 — somewhat",
    "4 — a lot",
    "5 — very much",
];
const LENGTHS: [(&str, &str); 3] = [
    ("Too long", "too long"),
    ("About right", "about right"),
    ("Too short", "too short"),
];
/// More rounds than this are typed, not tapped.
const MAX_ROUND_BUTTONS: u32 = 40;

/// Where one person stands.
#[derive(Clone, Debug)]
struct Person {
    at: u8,
    answers: Feedback,
}

/// Everyone's questions after one game.
#[derive(Clone, Debug)]
pub struct PhoneFeedback {
    sections: Vec<String>,
    rounds: u32,
    /// One per seat; `None` for a bot's seat.
    people: Vec<Option<Person>>,
}

impl PhoneFeedback {
    /// The questions for the seats `people` marks after a game of `rounds` rounds whose rules
    /// have `sections`; `kept` are the answers the record already holds (a resumed server).
    pub fn new(people: &[bool], sections: Vec<String>, rounds: u32, kept: &[Feedback]) -> Self {
        let people = people
            .iter()
            .enumerate()
            .map(|(i, &person)| {
                person.then(|| match kept.iter().find(|f| f.seat as usize == i) {
                    Some(f) => Person {
                        // Kept while answering: from the question reached; else done.
                        at: f
                            .at_question
                            .map_or(DONE, |q| q.saturating_sub(1).min(DONE)),
                        answers: f.clone(),
                    },
                    None => Person {
                        at: ENJOYMENT,
                        answers: Feedback {
                            seat: i as u8,
                            ..Feedback::default()
                        },
                    },
                })
            })
            .collect();
        PhoneFeedback {
            sections,
            rounds: rounds.max(1),
            people,
        }
    }

    /// Whether everyone has finished (or there is no one to ask).
    pub fn all_done(&self) -> bool {
        self.people.iter().flatten().all(|p| p.at == DONE)
    }

    /// How many people have finished, of how many.
    pub fn progress(&self) -> (usize, usize) {
        let people = self.people.iter().flatten();
        let done = people.clone().filter(|p| p.at == DONE).count();
        (done, people.count())
    }

    /// What the table's pages say about the questions: counts only, never an answer.
    pub fn status(&self) -> String {
        let (done, of) = self.progress();
        format!("playtest questions: {done} of {of} finished")
    }

    /// The host ends the questions: everyone is done with what they answered. Returns the
    /// answers to keep (those of people who had answered anything).
    pub fn end(&mut self) -> Vec<Feedback> {
        let mut kept = Vec::new();
        for p in self.people.iter_mut().flatten() {
            if p.at != DONE {
                p.at = DONE;
                // Someone who answered, or whose answers the record already holds (closed now).
                if p.answers.said_anything() || p.answers.at_question.is_some() {
                    kept.push(p.kept());
                }
            }
        }
        kept
    }

    /// The fields of seat `seat`'s page (question, choices, typed entry, further buttons);
    /// `None` for a seat no person plays.
    pub fn page(&self, seat: usize) -> Option<Value> {
        let p = self.people.get(seat)?.as_ref()?;
        let back = json!({"label": "Back to the question before", "send": BACK});
        let stop = json!({"label": "Stop answering", "send": STOP,
                          "confirm": "Stop here? Your answers so far are kept."});
        let rounds = |which: &str| {
            let question = format!("Which round were you {which} engaged in?");
            if self.rounds <= MAX_ROUND_BUTTONS {
                let mut c: Vec<String> = (1..=self.rounds).map(|r| format!("Round {r}")).collect();
                c.push(SKIP.into());
                (question, c, false)
            } else {
                (
                    format!("{question} (1 to {}: type it)", self.rounds),
                    vec![SKIP.into()],
                    true,
                )
            }
        };
        let (question, choices, input) = match p.at {
            ENJOYMENT => (
                "Playtest question 1 of 6: how much did you enjoy the game?".to_string(),
                ENJOYED
                    .iter()
                    .map(|s| s.to_string())
                    .chain([SKIP.into()])
                    .collect(),
                false,
            ),
            LENGTH => (
                "Question 2 of 6: how did the game's length feel?".to_string(),
                LENGTHS
                    .iter()
                    .map(|(l, _)| l.to_string())
                    .chain([SKIP.into()])
                    .collect(),
                false,
            ),
            MOST => {
                let (q, c, i) = rounds("most");
                (format!("Question 3 of 6: {q}"), c, i)
            }
            LEAST => {
                let (q, c, i) = rounds("least");
                (format!("Question 4 of 6: {q}"), c, i)
            }
            UNCLEAR => {
                let picked = &p.answers.unclear;
                let mut c: Vec<String> = self
                    .sections
                    .iter()
                    .map(|s| {
                        if picked.contains(s) {
                            format!("✓ {s}")
                        } else {
                            s.clone()
                        }
                    })
                    .collect();
                c.push(
                    if picked.is_empty() {
                        NONE_UNCLEAR
                    } else {
                        FINISHED_UNCLEAR
                    }
                    .into(),
                );
                let q = if picked.is_empty() {
                    "Question 5 of 6: was any part of the rules unclear? Tap each one, then \
                     \"That is all\"."
                        .to_string()
                } else {
                    format!(
                        "Question 5 of 6: unclear so far: {}. Tap another (or a ticked one to \
                         take it back), then \"That is all\".",
                        picked.join(", ")
                    )
                };
                (q, c, false)
            }
            COMMENT => (
                "Question 6 of 6: anything else the designer should know? Type it (one line)."
                    .to_string(),
                vec![NOTHING_TO_ADD.into()],
                true,
            ),
            _ => {
                return Some(json!({
                    "question": Value::Null,
                    "choices": [],
                    "input": false,
                    "plain": true,
                    "status": "Thank you: your answers are kept with the game's record.",
                    "actions": [back],
                }))
            }
        };
        let mut actions = Vec::new();
        if p.at > ENJOYMENT {
            actions.push(back);
        }
        actions.push(stop);
        Some(json!({
            "question": question,
            "choices": choices,
            "input": input,
            "sealed": false,
            "plain": true,
            "placeholder": "one line for the designer",
            "actions": actions,
        }))
    }

    /// Puts seat `seat`'s questions ([`PhoneFeedback::page`]) on its page snapshot `v`, over
    /// what the game would ask; `false` (nothing changed) for a seat no person plays.
    pub fn show_on(&self, seat: usize, v: &mut Value) -> bool {
        let Some(Value::Object(asked)) = self.page(seat) else {
            return false;
        };
        for (k, x) in asked {
            v[k] = x;
        }
        true
    }

    /// Seat `seat`'s entry `text`; `Ok(answers)` to keep with the record, `Err` why it is
    /// refused (nothing changed).
    pub fn answer(&mut self, seat: usize, text: &str) -> Result<Feedback, String> {
        let sections = &self.sections;
        let rounds = self.rounds;
        let Some(Some(p)) = self.people.get_mut(seat) else {
            return Err("no person plays this seat".into());
        };
        let text = text.trim();
        if text.eq_ignore_ascii_case(BACK) {
            if p.at == ENJOYMENT {
                return Err("this is the first question".into());
            }
            p.at -= 1;
            return Ok(p.kept());
        }
        if text.eq_ignore_ascii_case(STOP) {
            p.at = DONE;
            return Ok(p.kept());
        }
        if p.at == DONE {
            return Err("your answers are in: Back changes the last one".into());
        }
        let skip = text == SKIP;
        let a = &mut p.answers;
        match p.at {
            ENJOYMENT => {
                a.enjoyment = if skip {
                    None
                } else {
                    let k = ENJOYED.iter().position(|&e| e == text).or_else(|| {
                        text.parse::<usize>()
                            .ok()
                            .filter(|n| (1..=5).contains(n))
                            .map(|n| n - 1)
                    });
                    Some(k.ok_or("a number from 1 to 5, or skip")? as u8 + 1)
                }
            }
            LENGTH => {
                a.length = if skip {
                    None
                } else {
                    let l = LENGTHS
                        .iter()
                        .find(|(label, _)| label.eq_ignore_ascii_case(text))
                        .ok_or("too long, about right or too short, or skip")?;
                    Some(l.1.to_string())
                }
            }
            MOST | LEAST => {
                let round = if skip {
                    None
                } else {
                    let n = text.strip_prefix("Round ").unwrap_or(text).trim();
                    let r = n
                        .parse::<u32>()
                        .ok()
                        .filter(|r| (1..=rounds).contains(r))
                        .ok_or_else(|| format!("a round from 1 to {rounds}, or skip"))?;
                    Some(r)
                };
                if p.at == MOST {
                    a.most_engaged_round = round;
                } else {
                    a.least_engaged_round = round;
                }
            }
            UNCLEAR => {
                let name = text.strip_prefix("✓ ").unwrap_or(text);
                if let Some(s) = sections.iter().find(|s| *s == name) {
                    // A tap picks a section, a second takes it back: the question stays.
                    match a.unclear.iter().position(|u| u == s) {
                        Some(k) => {
                            a.unclear.remove(k);
                        }
                        None => a.unclear.push(s.clone()),
                    }
                    return Ok(p.kept());
                }
                if ![FINISHED_UNCLEAR, NONE_UNCLEAR, SKIP].contains(&text) {
                    return Err("a part of the rules from the list, or \"That is all\"".into());
                }
            }
            _ => {
                a.comment = (text != NOTHING_TO_ADD)
                    .then(|| crate::output::printable(text).into_owned())
                    .filter(|c| !c.is_empty());
            }
        }
        p.at += 1;
        Ok(p.kept())
    }
}

impl PhoneFeedback {
    /// [`PhoneFeedback::answer`], the answers then kept by `keep` (the record's writer).
    pub fn answer_kept(
        &mut self,
        seat: usize,
        text: &str,
        keep: impl FnOnce(Feedback) -> crate::error::CliResult<()>,
    ) -> Result<(), String> {
        let kept = self.answer(seat, text)?;
        keep(kept).map_err(|e| format!("your answer could not be kept: {e}"))
    }

    /// The host ends the questions ([`PhoneFeedback::end`]), every answer given kept by `keep`.
    pub fn end_kept(
        &mut self,
        mut keep: impl FnMut(Feedback) -> crate::error::CliResult<()>,
    ) -> Result<Vec<String>, String> {
        if self.all_done() {
            return Err("everyone has finished the questions".into());
        }
        for kept in self.end() {
            keep(kept).map_err(|e| e.to_string())?;
        }
        Ok(vec![
            "the playtest questions are over: every answer given is kept".into(),
        ])
    }
}

impl Person {
    /// The answers as the record keeps them: marked with the question reached until done.
    fn kept(&self) -> Feedback {
        Feedback {
            at_question: (self.at != DONE).then_some(self.at + 1),
            ..self.answers.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn three_people() -> PhoneFeedback {
        let sections = vec![
            "Map".to_string(),
            "Each round".into(),
            "the rules as a whole".into(),
        ];
        PhoneFeedback::new(&[true, false, true], sections, 4, &[])
    }

    #[test]
    fn issue47_a_person_answers_every_question_by_tapping_and_corrects_one() {
        let mut f = three_people();
        assert!(f.page(1).is_none(), "a bot's seat is asked nothing");
        assert_eq!(f.progress(), (0, 2));
        let q = f.page(0).unwrap();
        assert!(q["question"].as_str().unwrap().contains("enjoy"), "{q}");
        assert_eq!(q["choices"].as_array().unwrap().len(), 6);
        let kept = f.answer(0, "4 — a lot").unwrap();
        assert_eq!((kept.enjoyment, kept.at_question), (Some(4), Some(2)));
        f.answer(0, "Too long").unwrap();
        // Back: the length is asked again and answered differently.
        assert_eq!(f.answer(0, "back").unwrap().at_question, Some(2));
        f.answer(0, "About right").unwrap();
        f.answer(0, "Round 3").unwrap();
        f.answer(0, SKIP).unwrap();
        f.answer(0, "Map").unwrap();
        f.answer(0, "Each round").unwrap();
        assert!(f.page(0).unwrap()["choices"]
            .as_array()
            .unwrap()
            .contains(&json!("✓ Map")));
        f.answer(0, "✓ Map").unwrap(); // taken back
        f.answer(0, FINISHED_UNCLEAR).unwrap();
        let done = f.answer(0, "shorter turns please").unwrap();
        assert_eq!(
            done,
            Feedback {
                seat: 0,
                enjoyment: Some(4),
                length: Some("about right".into()),
                most_engaged_round: Some(3),
                least_engaged_round: None,
                unclear: vec!["Each round".into()],
                comment: Some("shorter turns please".into()),
                at_question: None,
            }
        );
        assert_eq!(f.progress(), (1, 2));
        assert!(!f.all_done());
        assert!(f.answer(0, "5").is_err(), "done: nothing more is taken");
    }

    #[test]
    fn issue47_wrong_entries_are_refused_and_change_nothing() {
        let mut f = three_people();
        for wrong in ["6", "lots", ""] {
            assert!(f.answer(0, wrong).is_err(), "{wrong:?}");
        }
        assert!(f.answer(0, "back").is_err(), "no question before the first");
        f.answer(0, "5").unwrap();
        f.answer(0, SKIP).unwrap();
        assert!(f.answer(0, "Round 5").is_err(), "a 4-round game");
        assert!(f.answer(1, "5").is_err(), "a bot's seat");
        assert_eq!(
            f.page(0).unwrap()["question"].as_str().unwrap()[..10],
            *"Question 3"
        );
    }

    #[test]
    fn issue47_a_resumed_server_asks_from_the_question_reached_and_the_host_may_end() {
        let mut f = three_people();
        f.answer(0, "2 — a little").unwrap();
        let kept = f.answer(0, "Too short").unwrap();
        let mut again = PhoneFeedback::new(&[true, false, true], f.sections.clone(), 4, &[kept]);
        assert!(again.page(0).unwrap()["question"]
            .as_str()
            .unwrap()
            .starts_with("Question 3"));
        assert!(again.page(2).unwrap()["question"]
            .as_str()
            .unwrap()
            .contains("enjoy"));
        let ended = again.end();
        // Seat 0 had answers (kept, done); seat 2 had none (nothing written).
        assert_eq!(ended.len(), 1);
        assert_eq!((ended[0].seat, ended[0].at_question), (0, None));
        assert_eq!(ended[0].enjoyment, Some(2));
        assert!(again.all_done());
        assert!(again.status().contains("2 of 2"));
    }
}
