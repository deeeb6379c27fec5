#!/usr/bin/env python3
"""Expected database digests for the 114 τ²-bench retail tasks, computed with τ²'s own Python code.

For each task, starting from τ²'s pristine retail database, replays the task's gold
`evaluation_criteria.actions` through τ²'s `RetailTools` exactly as τ²'s evaluator builds its gold
environment (`EnvironmentEvaluator.calculate_reward`: each action through `make_tool_call`, an exception
logged and skipped), then hashes the final database as canonical JSON (see `canonical_json`).

Usage (no network, no pip install: the modules τ² imports that these tools never use are stubbed):

    git clone https://github.com/sierra-research/tau2-bench /tmp/tau2-bench
    git -C /tmp/tau2-bench checkout a2c024725189473d2d7cea3a5cfdbcc67478e41f
    python3 evals/tau2-retail/oracle/expected_digests.py /tmp/tau2-bench

Needs Python >= 3.10 with pydantic 2 and PyYAML. Writes evals/tau2-retail/data/expected-digests.json.
"""

import hashlib
import json
import math
import subprocess
import sys
import types
from pathlib import Path

PINNED_COMMIT = "a2c024725189473d2d7cea3a5cfdbcc67478e41f"
HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "data"
VENDORED = ("db.json", "tasks.json", "split_tasks.json", "policy.md")


def stub_missing_modules() -> None:
    """Stand-ins for packages τ²'s utility modules import at load time; the retail tools call none of them."""

    def stub(name: str, **attributes) -> None:
        try:
            __import__(name)
        except ImportError:
            module = types.ModuleType(name)
            module.__dict__.update(attributes)
            sys.modules[name] = module

    class _Logger:
        def __getattr__(self, _name):
            return lambda *args, **kwargs: None

    stub("loguru", logger=_Logger())
    stub("dotenv", load_dotenv=lambda *args, **kwargs: True)
    stub("deepdiff", DeepDiff=dict)
    stub("addict", Dict=dict)
    stub("toml", load=None, loads=None, dump=None, dumps=None)
    stub("docstring_parser", parse=None)


def load_tau2(checkout: Path):
    """τ²'s retail modules, loaded without running `tau2/__init__.py` (which starts the whole runner)."""
    source = checkout / "src" / "tau2"
    if not (source / "domains" / "retail" / "tools.py").is_file():
        sys.exit(f"{checkout} is not a tau2-bench checkout: src/tau2/domains/retail/tools.py is missing")
    stub_missing_modules()
    for name, path in (("tau2", source), ("tau2.domains", source / "domains")):
        package = types.ModuleType(name)
        package.__path__ = [str(path)]
        sys.modules[name] = package
    from tau2.domains.retail.data_model import RetailDB  # noqa: E402
    from tau2.domains.retail.tools import RetailTools  # noqa: E402

    return RetailDB, RetailTools


def js_number(value) -> str:
    """A number as JavaScript's JSON.stringify writes it (shortest round trip; 10.0 is `10`, 1e21 is `1e+21`)."""
    if isinstance(value, bool):
        raise TypeError("bool is not a number here")
    if isinstance(value, int):
        value = float(value)
    if not math.isfinite(value):
        return "null"
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    mantissa, _, exponent = repr(abs(value)).partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    # Position of the decimal point relative to the first significant digit (ECMAScript's n).
    point = len(whole) + (int(exponent) if exponent else 0)
    leading_zeros = len(whole + fraction) - len((whole + fraction).lstrip("0"))
    point -= leading_zeros
    digits = digits.rstrip("0") or "0"
    k = len(digits)
    if k <= point <= 21:
        text = digits + "0" * (point - k)
    elif 0 < point <= 21:
        text = digits[:point] + "." + digits[point:]
    elif -6 < point <= 0:
        text = "0." + "0" * (-point) + digits
    else:
        e = point - 1
        text = digits[0] + ("." + digits[1:] if k > 1 else "") + "e" + ("+" if e >= 0 else "-") + str(abs(e))
    return sign + text


def canonical_json(value) -> str:
    """Keys sorted by code point, no whitespace, non-ASCII as itself, numbers as JavaScript writes them."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return js_number(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(canonical_json(item) for item in value) + "]"
    if isinstance(value, dict):
        items = sorted(value.items(), key=lambda item: item[0])
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + canonical_json(v) for k, v in items) + "}"
    raise TypeError(f"cannot serialise {type(value).__name__}")


def digest(db) -> str:
    """sha256 of the database in db.json's shape: optional keys that are None stay absent."""
    data = db.model_dump(exclude_none=True)
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()


def commit_of(checkout: Path) -> str | None:
    try:
        def git(*args: str) -> str:
            result = subprocess.run(["git", "-C", str(checkout), *args], capture_output=True, text=True, check=True)
            return result.stdout.strip()

        # Only the checkout's own repository counts, not one it happens to sit inside.
        if Path(git("rev-parse", "--show-toplevel")).resolve() != checkout:
            return None
        return git("rev-parse", "HEAD")
    except (OSError, subprocess.CalledProcessError):
        return None


def main() -> None:
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if len(sys.argv) == 2 else 2)
    checkout = Path(sys.argv[1]).resolve()
    commit = commit_of(checkout)
    if commit is not None and commit != PINNED_COMMIT:
        sys.exit(f"{checkout} is at {commit}, not the pinned commit {PINNED_COMMIT}")
    retail_data = checkout / "data" / "tau2" / "domains" / "retail"
    for name in VENDORED:
        if (retail_data / name).read_bytes() != (DATA / name).read_bytes():
            sys.exit(f"data/{name} differs from the checkout's {retail_data / name}: vendor the pinned commit")

    RetailDB, RetailTools = load_tau2(checkout)
    db_path = retail_data / "db.json"
    tasks = json.loads((retail_data / "tasks.json").read_text(encoding="utf-8"))
    raw_db = json.loads(db_path.read_text(encoding="utf-8"))

    pristine = RetailDB.load(str(db_path))
    pristine_digest = digest(pristine)
    raw_digest = hashlib.sha256(canonical_json(raw_db).encode("utf-8")).hexdigest()
    if pristine_digest != raw_digest:
        sys.exit("the pristine database's digest differs from db.json's own: the model drops or adds keys")

    digests = {}
    refused = {}
    for task in tasks:
        if task.get("initial_state"):
            sys.exit(f"task {task['id']} has an initial state; this script does not replay one")
        tools = RetailTools(RetailDB.load(str(db_path)))
        for index, action in enumerate(task["evaluation_criteria"]["actions"] or []):
            if action.get("requestor", "assistant") != "assistant":
                sys.exit(f"task {task['id']} has a user action; retail has no user tools")
            try:
                tools.use_tool(tool_name=action["name"], **action["arguments"])
            except Exception as error:  # noqa: BLE001 — τ²'s evaluator logs and skips any exception
                refused.setdefault(task["id"], []).append(
                    {"index": index, "name": action["name"], "error": str(error)}
                )
        digests[task["id"]] = digest(tools.db)

    output = {
        "source": {"repository": "sierra-research/tau2-bench", "commit": PINNED_COMMIT},
        "pristine": pristine_digest,
        "digests": digests,
        "refused": refused,
    }
    target = DATA / "expected-digests.json"
    target.write_text(json.dumps(output, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(digests)} tasks, {sum(len(v) for v in refused.values())} refused gold actions -> {target}")


if __name__ == "__main__":
    main()
