//! A Slurm job array for a plan: [`slurm_script`].
//!
//! One array task per chunk of consecutive jobs, each running `codebreak shard run PLAN
//! --from A --to B`. Re-runs are safe because results are written atomically and a job whose
//! result is there is skipped. A cancelled task (`scancel`: SIGTERM, then SIGKILL after the
//! cluster's `KillWait`) has its running jobs save their checkpoints, which its next run
//! (`scontrol requeue`, or `sbatch --array=I` again) resumes. Before the time limit Slurm
//! sends the script SIGUSR1 (`--signal=B:USR1@SECONDS`): the script passes SIGTERM on to the
//! run, which saves its checkpoints, and requeues its own task, which resumes them (not when
//! the task was cancelled: scancel sends the warning signal too, then SIGTERM).

use std::path::{Path, PathBuf};

use crate::{Plan, ShardError};

/// The job array's options.
#[derive(Clone, Debug)]
pub struct SlurmOptions {
    /// Jobs of the plan per array task (at least 1).
    pub chunk: usize,
    /// Each task's time limit, `[D-]HH:MM:SS` (none: the partition's).
    pub time: Option<String>,
    /// Memory per task, `N[K|M|G|T]`.
    pub mem: String,
    /// CPUs per task: the threads each search uses.
    pub cpus_per_task: u32,
    /// The partition (none: the cluster's default).
    pub partition: Option<String>,
    /// The job's name (none: `codebreak-` and the plan's hash).
    pub job_name: Option<String>,
    /// The codebreak binary the tasks run (absolute).
    pub binary: PathBuf,
    /// The results folder (none: `PLAN.results`).
    pub results: Option<PathBuf>,
    /// Seconds before the time limit at which a task checkpoints and requeues itself.
    pub signal_seconds: u32,
    /// Each job writes its certificate of optimality (`shard run --certificate`), for
    /// `shard merge --certificate` to assemble.
    pub certificate: bool,
}

impl SlurmOptions {
    /// One job per task, 4G, one CPU, no time limit, the plan's results folder.
    pub fn new(binary: PathBuf) -> SlurmOptions {
        SlurmOptions {
            chunk: 1,
            time: None,
            mem: "4G".into(),
            cpus_per_task: 1,
            partition: None,
            job_name: None,
            binary,
            results: None,
            signal_seconds: 120,
            certificate: false,
        }
    }
}

/// A job array script and what it covers.
#[derive(Clone, Debug)]
pub struct SlurmScript {
    /// The script (`sbatch` it).
    pub text: String,
    /// Array tasks: indices 0 to `tasks - 1`.
    pub tasks: usize,
    /// The folder of the tasks' output files (`%A_%a.out`), which must exist when they start.
    pub logs: PathBuf,
}

/// Whether `text` is a Slurm time limit `[D-]HH:MM:SS` (hours below 24 with a day count).
fn valid_time(text: &str) -> bool {
    let (days, rest) = match text.split_once('-') {
        Some((d, r)) => (Some(d), r),
        None => (None, text),
    };
    let days_ok = days.is_none_or(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
    let parts: Vec<&str> = rest.split(':').collect();
    let digits = |p: &str, max: u32| {
        !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()) && {
            p.parse::<u32>().is_ok_and(|n| n <= max)
        }
    };
    let hours_max = if days.is_some() { 23 } else { 9999 };
    days_ok
        && parts.len() == 3
        && digits(parts[0], hours_max)
        && digits(parts[1], 59)
        && digits(parts[2], 59)
        && parts[1].len() == 2
        && parts[2].len() == 2
}

/// Whether `text` is a Slurm memory size: digits then an optional K, M, G or T.
fn valid_mem(text: &str) -> bool {
    let digits = text.trim_end_matches(['K', 'M', 'G', 'T']);
    text.len() - digits.len() <= 1
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && digits.parse::<u64>().is_ok_and(|n| n > 0)
}

/// `text` in single quotes for the shell.
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// The job array script for `plan`, refused naming the bad value if an option is not one
/// Slurm reads. Makes the folder of the tasks' output files (`PLAN.logs`).
pub fn slurm_script(plan: &Plan, options: &SlurmOptions) -> Result<SlurmScript, ShardError> {
    let bad = |what: &str, value: &str, expected: &str| {
        Err(ShardError::BadInput(format!(
            "{what} {}: expected {expected}",
            codebreak_core::error::quote(value)
        )))
    };
    if options.chunk == 0 {
        return bad("chunk", "0", "at least 1 job per task");
    }
    if let Some(t) = &options.time
        && !valid_time(t)
    {
        return bad("time", t, "a time limit HH:MM:SS or D-HH:MM:SS");
    }
    if !valid_mem(&options.mem) {
        return bad(
            "mem",
            &options.mem,
            "a memory size such as 4G, 500M or 4096",
        );
    }
    if options.cpus_per_task == 0 {
        return bad("cpus per task", "0", "at least 1");
    }
    for (what, value) in [
        ("partition", &options.partition),
        ("job name", &options.job_name),
    ] {
        if let Some(v) = value
            && (v.is_empty()
                || v.chars()
                    .any(|c| c.is_whitespace() || c == '#' || c == '\''))
        {
            return bad(what, v, "a name without spaces, quotes or #");
        }
    }
    if plan.jobs.is_empty() {
        return Err(ShardError::BadInput(format!(
            "{}: the plan has no jobs",
            plan.path.display()
        )));
    }
    let plan_path = absolute(&plan.path);
    let absolute_plan = Plan {
        path: plan_path.clone(),
        ..plan.clone()
    };
    let results = absolute(&absolute_plan.results_dir(options.results.as_deref()));
    let mut logs = plan_path.as_os_str().to_owned();
    logs.push(".logs");
    let logs = PathBuf::from(logs);
    // `#SBATCH --output=PATH` ends at the first blank.
    if logs.to_string_lossy().chars().any(char::is_whitespace) {
        return Err(ShardError::BadInput(format!(
            "{}: an #SBATCH --output path cannot hold spaces; move the plan to a folder without them",
            plan_path.display()
        )));
    }
    std::fs::create_dir_all(&logs).map_err(|error| ShardError::Io {
        action: "make",
        path: logs.clone(),
        error,
    })?;
    let jobs = plan.jobs.len();
    let tasks = jobs.div_ceil(options.chunk);
    let name = options
        .job_name
        .clone()
        .unwrap_or_else(|| format!("codebreak-{}", plan.hash));
    let mut s = String::new();
    let line = |s: &mut String, text: String| {
        s.push_str(&text);
        s.push('\n');
    };
    line(&mut s, "#!/bin/bash".into());
    line(
        &mut s,
        format!(
            "# Written by codebreak shard slurm for plan {} ({}): {jobs} job{}, {} per task.",
            plan_path.display(),
            plan.hash,
            codebreak_core::error::plural(jobs),
            options.chunk
        ),
    );
    line(
        &mut s,
        "# Submit with sbatch; any task may run again: finished jobs are skipped and a".into(),
    );
    line(
        &mut s,
        "# stopped job resumes its checkpoint. Results are merged by".into(),
    );
    line(
        &mut s,
        format!(
            "#   codebreak shard merge {}{}",
            shell_quote(&plan_path.to_string_lossy()),
            if options.certificate {
                " --certificate FILE"
            } else {
                ""
            }
        ),
    );
    line(&mut s, format!("#SBATCH --job-name={name}"));
    line(&mut s, format!("#SBATCH --array=0-{}", tasks - 1));
    line(&mut s, "#SBATCH --ntasks=1".into());
    line(
        &mut s,
        format!("#SBATCH --cpus-per-task={}", options.cpus_per_task),
    );
    line(&mut s, format!("#SBATCH --mem={}", options.mem));
    if let Some(t) = &options.time {
        line(&mut s, format!("#SBATCH --time={t}"));
    }
    if let Some(p) = &options.partition {
        line(&mut s, format!("#SBATCH --partition={p}"));
    }
    line(&mut s, "#SBATCH --requeue".into());
    line(&mut s, "#SBATCH --open-mode=append".into());
    line(
        &mut s,
        format!("#SBATCH --signal=B:USR1@{}", options.signal_seconds),
    );
    // sbatch reads #SBATCH lines up to the first command; paths with spaces are not allowed
    // in them unquoted, so the output folder's path goes as it is (it was made above).
    line(
        &mut s,
        format!("#SBATCH --output={}/%A_%a.out", logs.display()),
    );
    s.push('\n');
    line(
        &mut s,
        format!("binary={}", shell_quote(&options.binary.to_string_lossy())),
    );
    line(
        &mut s,
        format!("plan={}", shell_quote(&plan_path.to_string_lossy())),
    );
    line(
        &mut s,
        format!("results={}", shell_quote(&results.to_string_lossy())),
    );
    line(&mut s, format!("chunk={}", options.chunk));
    line(&mut s, format!("last={}", jobs - 1));
    line(
        &mut s,
        format!(
            "certificate=({})",
            if options.certificate {
                "--certificate"
            } else {
                ""
            }
        ),
    );
    s.push_str(SCRIPT_BODY);
    Ok(SlurmScript {
        text: s,
        tasks,
        logs,
    })
}

/// What every task runs, after the variables above.
const SCRIPT_BODY: &str = r#"task=${SLURM_ARRAY_TASK_ID:?not run as a Slurm array task}
from=$((task * chunk))
to=$((from + chunk - 1))
if [ "$to" -gt "$last" ]; then to=$last; fi
# Each search uses as many threads as the task has CPUs.
export RAYON_NUM_THREADS=${SLURM_CPUS_PER_TASK:-1}
echo "codebreak shard: task $task (jobs $from to $to) on $(hostname) at $(date -u +%FT%TZ), restart ${SLURM_RESTART_COUNT:-0}"
# SIGTERM (scancel) and SIGUSR1 (the time limit is near) are passed on to the run, which saves
# its checkpoints and exits with 130. After SIGUSR1 alone the task requeues itself to resume
# them; a cancelled task is not requeued (scancel sends SIGUSR1 too, then SIGTERM, and the job
# is no longer RUNNING).
# The run's exit status is written to a file by a subshell that ignores both signals: bash's
# `wait`, interrupted by a trap just as its child ends, can lose the child's status.
warned=0
cancelled=0
status=$(mktemp)
(
  trap '' TERM USR1
  "$binary" shard run "$plan" --from "$from" --to "$to" --results "$results" "${certificate[@]}" &
  wait $!
  echo $? >"$status"
) &
sub=$!
trap 'cancelled=1; pkill -TERM -P "$sub"' TERM
trap 'warned=1; pkill -TERM -P "$sub"' USR1
while kill -0 "$sub" 2>/dev/null; do
  wait "$sub"
done
rc=$(cat "$status")
rm -f "$status"
rc=${rc:-1}
echo "codebreak shard: task $task exit $rc at $(date -u +%FT%TZ)"
if [ "$warned" = 1 ] && [ "$cancelled" = 0 ] && [ "$rc" = 130 ]; then
  state=$(squeue -h -j "${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}" -o %T 2>/dev/null || true)
  if [ "$state" = RUNNING ]; then
    echo "codebreak shard: task $task requeued to resume its checkpoints"
    scontrol requeue "${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}"
  fi
fi
exit "$rc"
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_and_sizes_are_those_slurm_reads() {
        for t in ["00:10:00", "1-00:00:00", "48:00:00", "0-23:59:59"] {
            assert!(valid_time(t), "{t}");
        }
        for t in [
            "10:00",
            "1-24:00:00",
            "00:60:00",
            "abc",
            "1:2:3",
            "-01:00:00",
            "",
        ] {
            assert!(!valid_time(t), "{t}");
        }
        for m in ["4G", "500M", "4096", "1T"] {
            assert!(valid_mem(m), "{m}");
        }
        for m in ["", "G", "4GB", "0", "-1G", "4 G"] {
            assert!(!valid_mem(m), "{m}");
        }
        assert_eq!(shell_quote("a'b c"), r"'a'\''b c'");
    }
}
