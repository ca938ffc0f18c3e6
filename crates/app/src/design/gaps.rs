//! `silk gaps`: how far the design misses a designer's targets, ranked, each with its interval.

use super::*;

/// `silk gaps GAME --targets FILE`: the targets ranked by how far the design misses each.
pub fn gaps<G: CliGame + Observe>(
    config: &G::Config,
    targets_path: &Path,
    batch: &Batch,
    html: Option<&Path>,
    force: bool,
    out: &mut Out,
) -> CliResult<()>
where
    G::Config: Sync,
{
    let (file, model) = targets_for::<G>(targets_path)?;
    if let Some(path) = html {
        lab::check_html(path, force)?;
    }
    let winners = targets_winners::<G>(&file)?;
    let run = measure::<G>(config, batch, &file.time, &winners)?;
    let gaps = targets::gaps(&file.targets, &run.measures);
    let met = gaps.iter().filter(|g| g.verdict == Verdict::Met).count();
    // Mean decisions (and runs) of each kind per game, for the time model's breakdown.
    let mean = |name: &str| {
        run.measures
            .get(&format!("metric.{name}"))
            .map_or(0.0, |m| m.value)
    };
    let dominant = model.dominant(mean);
    let warning = dominant.as_ref().map_or(String::new(), |(kind, share)| {
        format!(
            "warning: {kind} decisions take {:.0}% of the modelled table time: the minutes rest on \
             how finely the engine asks for them; check time.seconds.{kind} (and \
             time.batched_seconds.{kind}) against a real table\n",
            100.0 * share
        )
    });
    // Stalls are no wins: apart from the decided games every figure is over.
    let capped = match run.summary.stall_share() {
        None => String::new(),
        Some(s) => format!(
            ", {} stalled at the round cap ({:.1}% [{:.1}, {:.1}]; no win)",
            run.summary.round_cap,
            100.0 * s.rate,
            100.0 * s.lo,
            100.0 * s.hi
        ),
    };
    let decided = if run.summary.round_cap > 0 {
        "decided"
    } else {
        "with winners"
    };
    let forfeited = match silk_lab::Forfeits::total(&run.summary.forfeits) {
        0 => String::new(),
        k => format!(", {k} forfeited by a player outside silk"),
    };
    let text = format!(
        "{}: {} games ({} {decided}{capped}{forfeited}), bots {}\n{}{}{warning}\n{}\n{met} \
         of {} targets met for sure; the sum of normalised misses is {:.2}\n",
        G::NAME,
        batch.games,
        run.summary.games,
        run.spec.bots.join(","),
        run.summary.forfeit_text(),
        time_text(&model),
        gaps_text(&gaps),
        gaps.len(),
        targets::total_miss(&gaps)
    );
    if let Some(path) = html {
        let timelines =
            lab::report_timelines::<G>(config, &run.spec, &run.summary, batch.max_decisions)?;
        lab::write_report(
            path,
            &silk_lab::report::gaps_html(&run.summary, &run.spec, &gaps, &model, &timelines),
        )?;
    }
    out.doc(
        &text,
        &json!({
            "game": G::NAME,
            "games": batch.games,
            "decided": run.summary.games,
            "stalls": run.summary.round_cap,
            "forfeits": run.summary.forfeits,
            "time_model": model,
            "time_dominant_kind": dominant.map(|(kind, share)| json!({"kind": kind, "share": share})),
            "gaps": gaps,
            "total_miss": targets::total_miss(&gaps),
        }),
    );
    Ok(())
}
