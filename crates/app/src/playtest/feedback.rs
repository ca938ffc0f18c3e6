//! The playtest questions each person answers after the result, at the terminal: how much they
//! enjoyed it, how the length felt, the rounds they were most and least engaged in, which part
//! of the rules was unclear, and anything else. Each answer may be skipped with Enter, and a
//! whole player's with `skip` (the host may skip). With several people at one terminal, the
//! screen is cleared and handed over between them, so no one sees another's answers.

use crate::error::{CliError, CliResult};
use crate::hot_seat::{MoveSource, CLEAR};
use crate::output::Out;
use silk_core::{Feedback, Seat};
use std::io::BufRead;

/// The sections of `silk rules GAME` a player may name as unclear: its lines that start a
/// section (flush left, ending with a colon), and the rules as a whole.
pub fn rule_sections(rules: &str) -> Vec<String> {
    let mut sections: Vec<String> = rules
        .lines()
        .filter(|l| !l.starts_with(char::is_whitespace) && l.trim_end().ends_with(':'))
        .map(|l| l.trim_end().trim_end_matches(':').to_string())
        .collect();
    sections.push("the rules as a whole".into());
    sections
}

/// One line of input, trimmed; `None` at its end. (A script's blank lines are not read: it
/// answers the hand-over with any word but `skip`, and skips a question with `-`.)
fn line(source: &mut MoveSource) -> CliResult<Option<String>> {
    match source {
        MoveSource::Stdin(input) => {
            let mut l = String::new();
            match input.read_line(&mut l) {
                Ok(0) => Ok(None),
                Ok(_) => Ok(Some(l.trim().to_string())),
                Err(e) => Err(CliError::input(format!("stdin: {e}"))),
            }
        }
        MoveSource::Script { lines, .. } => Ok(lines.next().map(|(_, l)| l)),
    }
}

/// Asks `question` until `parse` takes the answer (an empty answer is `None`: skipped). At a
/// terminal a wrong answer is explained and asked again; in a script it is an error.
fn ask<T>(
    source: &mut MoveSource,
    out: &mut Out,
    question: &str,
    parse: impl Fn(&str) -> Result<T, String>,
) -> CliResult<Option<T>> {
    loop {
        out.prompt_inline(&format!("{question} "));
        let Some(answer) = line(source)? else {
            return Ok(None);
        };
        // A script marks a skipped answer with `-` (its blank lines are not read).
        if answer.is_empty() || answer == "-" {
            return Ok(None);
        }
        match parse(&answer) {
            Ok(v) => return Ok(Some(v)),
            Err(why) => match source {
                MoveSource::Stdin(_) => out.prompt(&format!("  {why}")),
                MoveSource::Script { path, .. } => {
                    return Err(CliError::input(format!(
                        "{}: feedback {answer:?}: {why}",
                        path.display()
                    )))
                }
            },
        }
    }
}

/// A whole number from `lo` to `hi`.
fn number(lo: u32, hi: u32) -> impl Fn(&str) -> Result<u32, String> {
    move |a| match a.parse::<u32>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(format!("a number from {lo} to {hi}, or Enter to skip")),
    }
}

/// The questions to the person in `seat` (named `name`) after a game of `rounds` rounds whose
/// rules have `sections`; `None` if they skip (or the input ended).
pub fn ask_player(
    (seat, name): (Seat, &str),
    rounds: u32,
    sections: &[String],
    (source, tty): (&mut MoveSource, bool),
    out: &mut Out,
) -> CliResult<Option<Feedback>> {
    if tty {
        out.control(CLEAR);
    }
    out.prompt_inline(&format!(
        "Playtest feedback from {name} ({seat}): press Enter to answer privately, or type skip. "
    ));
    match line(source)? {
        None => return Ok(None),
        Some(a) if a.eq_ignore_ascii_case("skip") => return Ok(None),
        Some(_) => {}
    }
    let enjoyment = ask(
        source,
        out,
        "How much did you enjoy the game? 1 (not at all) to 5 (very much):",
        number(1, 5),
    )?
    .map(|n| n as u8);
    let length = ask(
        source,
        out,
        "The game's length felt: 1 too long, 2 about right, 3 too short:",
        |a| match a {
            "1" => Ok("too long".to_string()),
            "2" => Ok("about right".to_string()),
            "3" => Ok("too short".to_string()),
            _ => Err("1, 2 or 3, or Enter to skip".into()),
        },
    )?;
    let rounds = rounds.max(1);
    let most = ask(
        source,
        out,
        &format!("The round you were most engaged in (1 to {rounds}):"),
        number(1, rounds),
    )?;
    let least = ask(
        source,
        out,
        &format!("The round you were least engaged in (1 to {rounds}):"),
        number(1, rounds),
    )?;
    let listed: Vec<String> = sections
        .iter()
        .enumerate()
        .map(|(i, s)| format!("  {}. {s}", i + 1))
        .collect();
    out.prompt(&format!(
        "Parts of the rules (silk rules):\n{}",
        listed.join("\n")
    ));
    let unclear = ask(
        source,
        out,
        "Was any of them unclear? Their numbers, comma-separated (Enter: none):",
        |a| {
            let mut picked = Vec::new();
            for part in a.split(',') {
                match part.trim().parse::<usize>() {
                    Ok(k) if (1..=sections.len()).contains(&k) => {
                        if !picked.contains(&sections[k - 1]) {
                            picked.push(sections[k - 1].clone());
                        }
                    }
                    _ => return Err(format!("numbers from 1 to {}, e.g. 1,3", sections.len())),
                }
            }
            Ok(picked)
        },
    )?
    .unwrap_or_default();
    let comment = ask(
        source,
        out,
        "Anything else? (one line, Enter to skip):",
        |a| Ok::<_, String>(crate::output::printable(a).into_owned()),
    )?;
    out.prompt("Thank you: kept with the game's record.");
    Ok(Some(Feedback {
        seat: seat.0,
        enjoyment,
        length,
        most_engaged_round: most,
        least_engaged_round: least,
        unclear,
        comment,
        at_question: None,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_sections_are_the_rules_headings_and_the_whole() {
        let rules = "GAME — a design\nMap:\n  A – B\nEach round:\n  1. x\nCredits: someone";
        assert_eq!(
            rule_sections(rules),
            ["Map", "Each round", "the rules as a whole"]
        );
    }

    #[test]
    fn a_script_answers_each_question_and_a_wrong_answer_names_its_line() {
        let script = |text: &str| MoveSource::Script {
            path: "s.txt".into(),
            lines: text
                .lines()
                .enumerate()
                .map(|(i, l)| (i + 1, l.to_string()))
                .collect::<Vec<_>>()
                .into_iter(),
        };
        let sections = rule_sections("Map:\nEach round:\n");
        let mut out = Out::captured(false);
        let mut source = script("yes\n4\n2\n3\n-\n1,3,1\nshorter turns please");
        let f = ask_player(
            (Seat(1), "Bo"),
            5,
            &sections,
            (&mut source, false),
            &mut out,
        )
        .unwrap()
        .unwrap();
        assert_eq!(f.seat, 1);
        assert_eq!(f.enjoyment, Some(4));
        assert_eq!(f.length.as_deref(), Some("about right"));
        assert_eq!(
            (f.most_engaged_round, f.least_engaged_round),
            (Some(3), None)
        );
        assert_eq!(f.unclear, ["Map", "the rules as a whole"]);
        assert_eq!(f.comment.as_deref(), Some("shorter turns please"));
        let mut source = script("skip\n4");
        assert!(ask_player(
            (Seat(0), "Ann"),
            5,
            &sections,
            (&mut source, false),
            &mut out
        )
        .unwrap()
        .is_none());
        let mut source = script("yes\n9");
        let err = ask_player(
            (Seat(0), "Ann"),
            5,
            &sections,
            (&mut source, false),
            &mut out,
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("s.txt") && err.contains("1 to 5"), "{err}");
    }
}
