// SPDX-License-Identifier: MIT
// orderblind._core: the parts of the C++ library the Python package calls — the reordering bounds and
// the residual in ε (compare.hpp, the battery's tolerances), permutations in cycle notation and the
// battery's permutation shrinker, the positional-encoding battery on Python callables, and `check --pe`.
//
// NOTE: the GIL. Every entry point here is called from Python and keeps the GIL for its whole run:
// the PE battery calls back into Python at almost every step, and nothing here starts a thread, so
// releasing it would only mean reacquiring it around each callback. Python exceptions raised inside a
// callback are caught at the callback, remembered, and re-raised (unchanged) once the battery returns;
// every C++ exception reaching pybind11 is translated (to ValueError for bad input), never aborts.
#include <pybind11/eigen.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "orderblind/seed.hpp"
#include "orderblind/blocks.hpp"
#include "orderblind/compare.hpp"
#include "orderblind/errors.hpp"
#include "orderblind/io/table.hpp"
#include "orderblind/io/work_limits.hpp"
#include "orderblind/pe/battery.hpp"
#include "orderblind/pe/schemes.hpp"
#include "orderblind/permutation.hpp"
#include "properties/battery/tolerances.hpp"
#include "properties/check/check.hpp"
#include "properties/support/permutations.hpp"
#include "orderblind/pe/schemes_report.hpp"
#include "orderblind/verify/law.hpp"
#include "orderblind/verify/render.hpp"

// NOTE: the pip build's one instance of the battery in double on an additive scheme, which the table
// checks of properties/check/pe_table.cpp run too (it declares it extern there). This file is compiled by
// python/setup.py only (the CMake build makes the module with it too, python/build_wheel.py), which does
// not link the compiled battery of orderblind::pe.
#ifdef ORDERBLIND_PE_DOUBLE_BATTERY_IN_CORE
namespace orderblind::pe {
template verify::report detail::run_erased(const erased_scheme<double, pe_kind::additive>&, const std::string&,
                                           const battery_config&);
}  // namespace orderblind::pe
#endif

namespace py = pybind11;

namespace orderblind::python {
namespace {

// --- the positional-encoding battery on Python callables ------------------------------------------

/// What the callbacks of one battery run share: the first error a callable raised (re-raised after).
struct callback_state {
  std::exception_ptr error;
};

/// Thrown into the battery after a callable failed, so that the rest of the run stops quickly.
struct callback_aborted : std::runtime_error {
  callback_aborted() : std::runtime_error("an earlier call of the scheme raised; the run is abandoned") {}
};

/// A scheme whose functions are Python callables (already wrapped by orderblind/_schemes.py so that
/// they return float64 arrays of the right length, or raise naming the problem). `HasMax` and
/// `HasPhases` switch on the battery's optional members (max_position, phases).
template <pe::pe_kind K, bool HasMax, bool HasPhases>
struct python_scheme {
  using scalar_type = double;
  static constexpr pe::pe_kind kind = K;
  std::string id;
  std::string params;
  long d = 0;
  long max_pos = 0;
  py::object first;   ///< encode(p, length) | query(q, m) | bias(q, k, m, n)
  py::object second;  ///< key(k, n) (query_key only)
  py::object phase_fn;
  std::shared_ptr<callback_state> state;

  std::string name() const { return id; }
  std::string parameters() const { return params; }
  long dim() const { return d; }
  long max_position() const
    requires HasMax
  {
    return max_pos;
  }
  std::vector<std::pair<double, double>> phases(long delta) const
    requires HasPhases
  {
    return guarded([&] {
      auto a = py::array_t<double, py::array::c_style | py::array::forcecast>(phase_fn(delta));
      if (a.ndim() != 2 || a.shape(1) != 2) throw value_error("phases(delta) must return a (pairs, 2) array");
      std::vector<std::pair<double, double>> out;
      for (py::ssize_t i = 0; i < a.shape(0); ++i) out.emplace_back(a.at(i, 0), a.at(i, 1));
      return out;
    });
  }
  pe::vec<double> encode(long p, long length) const
    requires(K == pe::pe_kind::additive)
  {
    return guarded([&] { return to_vec(first(p, length)); });
  }
  pe::vec<double> query(const pe::vec<double>& q, long m) const
    requires(K == pe::pe_kind::query_key)
  {
    return guarded([&] { return to_vec(first(as_array(q), m)); });
  }
  pe::vec<double> key(const pe::vec<double>& k, long n) const
    requires(K == pe::pe_kind::query_key)
  {
    return guarded([&] { return to_vec(second(as_array(k), n)); });
  }
  double bias(const pe::vec<double>& q, const pe::vec<double>& k, long m, long n) const
    requires(K == pe::pe_kind::score_bias)
  {
    return guarded([&] { return first(as_array(q), as_array(k), m, n).template cast<double>(); });
  }

 private:
  struct value_error : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
  };
  static py::array_t<double> as_array(const pe::vec<double>& v) {
    return py::array_t<double>(static_cast<py::ssize_t>(v.size()), v.data());
  }
  pe::vec<double> to_vec(const py::object& o) const {
    auto a = py::array_t<double, py::array::c_style | py::array::forcecast>(o);
    if (a.ndim() != 1 || a.shape(0) != d)
      throw value_error("the scheme returned an array of " + std::to_string(a.size()) + " entries, expected dim = " +
                        std::to_string(d));
    return pe::vec<double>(a.data(), a.data() + a.size());
  }
  // NOTE: IndexError is the scheme's way of saying "this position is undefined" (a learned table past
  // its end, torch.nn.Embedding's out-of-range lookup): it becomes the battery's undefined_position_error,
  // a verdict. Every other exception is the caller's bug: it is kept and re-raised after the run.
  template <class F>
  auto guarded(F&& f) const {
    if (state->error) throw callback_aborted();
    try {
      return f();
    } catch (py::error_already_set& e) {
      if (e.matches(PyExc_IndexError)) throw pe::undefined_position_error(e.what());
      state->error = std::current_exception();
      throw;
    } catch (...) {
      state->error = std::current_exception();
      throw;
    }
  }
};

/// Runs the battery on one Python scheme and re-raises the first error a callable raised.
template <pe::pe_kind K, bool HasMax, bool HasPhases>
verify::report run_python(const std::string& name, const std::string& params, long dim, long max_pos,
                              py::object first, py::object second, py::object phases) {
  python_scheme<K, HasMax, HasPhases> s;
  s.id = name;
  s.params = params;
  s.d = dim;
  s.max_pos = max_pos;
  s.first = std::move(first);
  s.second = std::move(second);
  s.phase_fn = std::move(phases);
  s.state = std::make_shared<callback_state>();
  auto run = pe::run_battery(s, "python callable");
  if (s.state->error) std::rethrow_exception(s.state->error);
  return run;
}

verify::report run_scheme(const std::string& kind, py::object first, py::object second, long dim,
                              const std::string& name, const std::string& params, std::optional<long> max_position,
                              py::object phases) {
  if (dim < 1) throw std::invalid_argument("dim must be >= 1, got " + std::to_string(dim));
  if (max_position && *max_position < 1)
    throw std::invalid_argument("max_position must be >= 1, got " + std::to_string(*max_position));
  const long mp = max_position.value_or(0);
  const bool has_phases = !phases.is_none();
  if (kind == "additive") {
    if (has_phases) throw std::invalid_argument("phases= is for query_key schemes (RoPE-like)");
    return max_position ? run_python<pe::pe_kind::additive, true, false>(name, params, dim, mp, first, second, phases)
                        : run_python<pe::pe_kind::additive, false, false>(name, params, dim, mp, first, second, phases);
  }
  if (kind == "score_bias") {
    if (has_phases) throw std::invalid_argument("phases= is for query_key schemes (RoPE-like)");
    return max_position ? run_python<pe::pe_kind::score_bias, true, false>(name, params, dim, mp, first, second, phases)
                        : run_python<pe::pe_kind::score_bias, false, false>(name, params, dim, mp, first, second, phases);
  }
  if (kind == "query_key") {
    if (max_position)
      return has_phases ? run_python<pe::pe_kind::query_key, true, true>(name, params, dim, mp, first, second, phases)
                        : run_python<pe::pe_kind::query_key, true, false>(name, params, dim, mp, first, second, phases);
    return has_phases ? run_python<pe::pe_kind::query_key, false, true>(name, params, dim, mp, first, second, phases)
                      : run_python<pe::pe_kind::query_key, false, false>(name, params, dim, mp, first, second, phases);
  }
  throw std::invalid_argument("kind must be 'additive', 'query_key' or 'score_bias', got '" + kind + "'");
}

/// The battery on a library scheme in double, for comparing verdicts with a Python re-implementation.
verify::report reference_run(const std::string& name) {
  if (name == "sinusoidal") return pe::run_battery(pe::sinusoidal_scheme<double>{}, "library (double)");
  if (name == "rope-half-split") {
    pe::rope_scheme<double> s;
    s.id = "rope-half-split";
    s.layout = pe::rotary_layout::half_split;
    return pe::run_battery(s, "library (double)");
  }
  if (name == "alibi") return pe::run_battery(pe::alibi_scheme<double>{}, "library (double)");
  throw std::invalid_argument("no reference scheme '" + name + "' (sinusoidal, rope-half-split, alibi)");
}

pe::expectation expectation_from(const std::string& w) {
  if (w == "holds") return pe::expectation::holds;
  if (w == "fails") return pe::expectation::fails;
  if (w == "n/a") return pe::expectation::not_applicable;
  if (w == "unspecified") return pe::expectation::unspecified;
  throw std::invalid_argument("an expectation is 'holds', 'fails', 'n/a' or 'unspecified', got '" + w + "'");
}

const char* expectation_word(pe::expectation e) {
  switch (e) {
    case pe::expectation::holds: return "holds";
    case pe::expectation::fails: return "fails";
    case pe::expectation::not_applicable: return "n/a";
    default: return "unspecified";
  }
}

pe::property property_from(const std::string& name) {
  for (auto p : pe::all_properties)
    if (name == pe::property_name(p)) return p;
  std::string known;
  for (auto p : pe::all_properties) known += (known.empty() ? "" : ", ") + std::string(pe::property_name(p));
  throw std::invalid_argument("no property '" + name + "' (known: " + known + ")");
}

std::string render(const std::vector<verify::report>& runs, const std::string& format) {
  const auto f = verify::parse_format(format);
  if (!f || *f == verify::format::junit)
    throw std::invalid_argument("format must be 'text', 'markdown' or 'json', got '" + format + "'");
  std::ostringstream os;
  verify::render(pe::schemes_report(runs), *f, os);
  return os.str();
}

// --- `check --pe` on an array ----------------------------------------------------------------------

py::list check_table(const Matrix<double>& values, const std::string& element_type, const std::string& source,
                     bool exact, std::optional<double> tolerance_eps, const std::string& expect) {
  io::table t;
  t.source = source;
  t.element_type = element_type;
  t.rows = values.rows();
  t.cols = values.cols();
  for (Eigen::Index r = 0; r < t.rows; ++r)
    for (Eigen::Index c = 0; c < t.cols; ++c) {
      // NOTE: the same rule and message as the CLI's file readers (io::detail::check_value).
      io::detail::check_value(values(r, c), source, "row " + std::to_string(r) + ", column " + std::to_string(c), {});
      t.values.push_back(values(r, c));
    }
  properties::check_settings s;
  s.tolerance_eps = tolerance_eps;
  py::list out;
  // NOTE: each law's check (verify::check) as a dict: its own fields, then the keys this function has always
  // returned — law ("<id>: <statement>"), worst (the residual; 0 when skipped), held (not FAILED), skipped.
  for (const auto& c : properties::check_pe_table(t, exact, s, expect)) {
    const auto text = [&c](const char* key) {
      for (const auto& d : c.details)
        if (d.key == key)
          if (const auto* str = d.val.as<std::string>()) return *str;
      return std::string();
    };
    const double* residual = c.residual.as<double>();
    py::dict d;
    d["id"] = c.id;
    d["statement"] = c.statement;
    d["law"] = c.id + ": " + c.statement;
    d["compared"] = c.compared;
    d["arithmetic"] = c.arithmetic;
    d["evidence"] = verify::name(c.evidence);
    d["cases"] = c.cases;
    d["worst"] = residual ? *residual : 0.0;
    d["bound"] = c.bound;
    d["unit"] = text("unit");
    d["worst_case"] = text("worst_case");
    d["battery_verdict"] = text("battery_verdict");
    d["expected"] = text("expected");
    d["verdict"] = verify::to_string(c.outcome);
    d["held"] = !verify::is_failure(c.outcome);
    d["skipped"] = c.outcome == verify::verdict::skipped;
    d["note"] = c.note;
    out.append(d);
  }
  return out;
}

// --- permutations ----------------------------------------------------------------------------------

permutation to_permutation(const std::vector<long>& image) {
  return permutation::from_signed(std::vector<long long>(image.begin(), image.end()));
}

std::vector<long> to_image(const permutation& p) {
  std::vector<long> out;
  for (auto v : p.image()) out.push_back(static_cast<long>(v));
  return out;
}

// --- the permutation laws, through verify::check_law -----------------------------------------------

/// The per-column scales of the black-box laws: 1×c, s_j = max(c_j, median_k c_k), c_j = max|column j| of
/// the right side (verify::column_scales).
// NOTE: why this scale (the longer derivation is in docs/python.md, "The bound, and why"). The laws permute
// rows (tokens) and never move a column (a feature), so column j of f(PX) and of P·f(X) is computed by the
// same operations on the same values, except for the sums over the sequence axis that P reorders. The
// rounding those sums leave in column j of an attention output Σ_k a_ik V_kj is at most γ·max_k |V_kj|, a
// bound of column j alone, and a column's own magnitude c_j is the right unit as long as the column's last
// operation does not cancel. A mixing map at the end (W_O, an FFN's second layer) can cancel: out_j =
// Σ_c h_c W_cj with terms of the size of the other features and a sum far smaller (measured: a float32
// nn.MultiheadAttention column of magnitude 0.056 beside columns of 1.0–2.8 differed by 35.7 ε of its own
// magnitude, 1.45 ε of the largest). The terms of such a sum are of the layer's typical feature magnitude,
// which the median column magnitude measures without letting a few outlying columns (a constant 10¹²
// feature) raise it: so s_j = max(c_j, median c). A single large column then scales only itself and cannot
// hide a 10⁻⁶ leak elsewhere, as max|output| did. Assumed: fewer than half of the columns are outliers,
// and a cancelling column's terms are no larger than the median column. No absolute floor: the laws are
// scale-invariant, and so is this unit.
Matrix<double> median_floored_column_scales(const Matrix<double>& rhs) {
  Matrix<double> s = verify::column_scales(rhs);
  std::vector<double> sorted(s.data(), s.data() + s.size());
  // NOTE: the lower median (the smaller middle value for an even count): the tighter of the two. A NaN
  // scale (a NaN in the column) never reaches here: compare() fails on the NaN entry first.
  const auto mid = sorted.begin() + static_cast<std::ptrdiff_t>((sorted.size() - 1) / 2);
  std::nth_element(sorted.begin(), mid, sorted.end());
  for (Eigen::Index j = 0; j < s.cols(); ++j) s(0, j) = std::max(s(0, j), *mid);
  return s;
}

/// The law of the Python assertions, as data (verify/law.hpp): "equivariant" f(PX) = P·f(X), "invariant"
/// f(PX) = f(X), "cross" f(Q, PM) = f(Q, M) with inputs [M, Q].
verify::permutation_law python_law(const std::string& name) {
  using verify::action;
  if (name == "equivariant") return verify::equivariance("f(PX) = P·f(X)");
  if (name == "invariant") return verify::invariance("f(PX) = f(X)");
  if (name == "cross") return {"f(Q, PM) = f(Q, M)", {action::permute_rows, action::none}, action::none};
  throw std::invalid_argument("law must be 'equivariant', 'invariant' or 'cross', got '" + name + "'");
}

/// One case of a permutation law on a Python callable, decided as verify::check_law decides it (its sides,
/// then verify::compare under a tolerance read from the right side)
/// (the library's rules: NaN and ±∞ fail, naming the entry; an empty or mis-shaped output is not
/// compared). `f` takes the inputs as a list of float64 matrices and returns the output as a float64
/// matrix whose columns are its features (orderblind/_laws.py adapts the user's callable). The bound is
/// k units of `eps` (the dtype's ε) times each entry's scale: per column, max(c_j, median c) ("columns"),
/// or one scale max|f(x)| ("one"); either at least `scale_floor` (a scale the caller states, ≥ 0).
py::dict check_permutation_law(const std::string& law_name, const py::function& f, const std::vector<Matrix<double>>& inputs,
                               const std::vector<long>& image, double k, double eps, const std::string& scales,
                               double scale_floor) {
  const auto law = python_law(law_name);
  if (!(k >= 0) || !std::isfinite(k)) throw std::invalid_argument("k must be finite and >= 0");
  if (!(eps > 0) || !std::isfinite(eps)) throw std::invalid_argument("eps must be finite and > 0");
  if (!(scale_floor >= 0) || !std::isfinite(scale_floor))
    throw std::invalid_argument("scale_floor must be finite and >= 0");
  if (scales != "columns" && scales != "one") throw std::invalid_argument("scales must be 'columns' or 'one'");
  const auto p = to_permutation(image);
  // NOTE: compare() states bounds in units of double's ε; the dtype's ε is a power of two times it, so
  // k·(eps/ε_double) is the same bound, exactly (the ratio is 2^29 for float32, 2^45 for bfloat16).
  const double unit = eps / scalar_traits<double>::epsilon();
  auto call = [&](const std::vector<Matrix<double>>& xs) { return f(xs).cast<Matrix<double>>(); };
  Matrix<double> scale_used;
  auto tolerance = [&](double multiple) {
    return [&, multiple](const std::vector<Matrix<double>>&, const Matrix<double>& rhs) {
      Matrix<double> s;
      if (rhs.size() == 0) s = Matrix<double>::Zero(1, 1);  // NOTE: compare() refuses the empty output first
      else if (scales == "columns") s = median_floored_column_scales(rhs);
      else s = verify::one_scale(rhs.cwiseAbs().maxCoeff());
      for (Eigen::Index j = 0; j < s.size(); ++j) s(j) = std::max(s(j), scale_floor);  // NaN stays NaN
      scale_used = s;
      return verify::within_eps<double>(multiple * unit, s, "the reordering bound");
    };
  };
  const auto [lhs, rhs] = verify::sides<double>(law, call, inputs, p);
  auto c = verify::compare(lhs, rhs, tolerance(k)({}, rhs), "f(P·x)", verify::right_side_name(law));
  py::dict out;
  out["held"] = c.held;
  // NOTE: the residual in the dtype's ε: ratio × k; for a zero bound (k = 0) a second comparison with k = 1.
  double residual = c.ratio * k;
  if (k == 0) residual = c.ratio == 0 ? 0.0 : verify::compare(lhs, rhs, tolerance(1.0)({}, rhs)).ratio;
  const bool compared = c.held || !std::isnan(c.ratio);
  const bool incomparable = !compared && static_cast<bool>(c.at);
  out["compared"] = compared;          // false: not a number somewhere (incomparable) or nothing to compare
  out["incomparable"] = incomparable;  // a NaN or ±∞ at (row, col)
  out["residual_eps"] = compared ? residual : std::numeric_limits<double>::infinity();
  out["row"] = c.at ? c.at.row : 0;
  out["col"] = c.at ? c.at.col : 0;
  out["lhs_shape"] = py::make_tuple(lhs.rows(), lhs.cols());
  out["rhs_shape"] = py::make_tuple(rhs.rows(), rhs.cols());
  const bool at_ok = c.at && c.at.row < lhs.rows() && c.at.col < lhs.cols() && lhs.rows() == rhs.rows() &&
                     lhs.cols() == rhs.cols();
  out["lhs"] = at_ok ? lhs(c.at.row, c.at.col) : 0.0;
  out["rhs"] = at_ok ? rhs(c.at.row, c.at.col) : 0.0;
  out["scale"] = at_ok && scale_used.size() ? verify::detail::scale_at(scale_used, c.at.row, c.at.col) : 0.0;
  out["why"] = c.why;
  return out;
}

}  // namespace
}  // namespace orderblind::python

PYBIND11_MODULE(_core, m) {
  using namespace orderblind;
  using namespace orderblind::python;
  m.doc() = "orderblind's C++ core (bounds, permutations, the PE battery, check --pe); use the orderblind package";

  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const pe::undefined_position_error& e) {
      PyErr_SetString(PyExc_IndexError, e.what());
    }
  });

  // NOTE: the one default seed of every seeded check (orderblind/seed.hpp), so that the Python functions
  // draw the same default as the command and the C++ battery.
  m.attr("default_seed") = py::int_(orderblind::default_seed);
  // NOTE: the limits of `check` on a user's matrices, from the library (io/table.hpp, io/work_limits.hpp),
  // so that the Python door refuses what the command refuses.
  m.attr("max_read_elements") = py::int_(io::read_limits{}.max_elements);
  m.attr("default_max_work_double") = io::default_max_work_double;
  m.attr("default_max_work_exact") = io::default_max_work_exact;
  m.attr("default_max_square") = io::default_max_square;

  // Bounds (units of ε; derivations in compare.hpp and properties/battery/tolerances.hpp).
  m.def("attention_reorder_bound_eps", [](long n) { return attention_reorder_bound_eps(n); }, py::arg("n"),
        "4(n+1): one softmax head over n tokens, relative to max|V| (compare.hpp; no absolute floor)");
  m.def("multi_head_reorder_bound_eps",
        [](long n, long d) { return properties::multi_head_reorder_bound_eps(n, d); }, py::arg("n"), py::arg("d"),
        "4(n+1) + 2d + 2: multi-head attention with W_O over n tokens of width d (properties/battery/tolerances.hpp)");
  m.def("softmax_weight_reorder_bound_eps", [](long n) { return properties::softmax_weight_reorder_bound_eps(n); },
        py::arg("n"), "2n + 2: softmax weights over n keys (properties/battery/tolerances.hpp)");
  m.def("residual_in_eps", [](const Matrix<double>& a, const Matrix<double>& b) { return residual_in_eps(a, b); },
        py::arg("a"), py::arg("b"), "max|a − b| / (ε·max(max|a|, max|b|)) (compare.hpp; finite inputs only; no absolute floor)");
  m.def("epsilon", [] { return scalar_traits<double>::epsilon(); });
  m.def("check_permutation_law", &check_permutation_law, py::arg("law"), py::arg("f"), py::arg("inputs"),
        py::arg("image"), py::arg("k"), py::arg("eps"), py::arg("scales"), py::arg("scale_floor") = 0.0,
        "one case of a permutation law, decided by verify::check_law's sides and verify::compare: a dict with "
        "held, compared, incomparable, residual_eps (units of eps·scale), row, col, lhs, rhs, scale, why");

  // Permutations (convention of permutation.hpp: (P X).row(i) = X.row(π(i)), i.e. X[image]).
  m.def("permutation_cycles", [](const std::vector<long>& image) { return to_permutation(image).cycles(); },
        py::arg("image"), "cycle notation of i ↦ image[i], fixed points omitted: '(0 2)', '()' for the identity");
  m.def(
      "simpler_permutations",
      [](const std::vector<long>& image, bool allow_identity) {
        std::vector<std::vector<long>> out;
        for (const auto& q : properties::detail::simpler_permutations(to_permutation(image), {allow_identity}))
          out.push_back(to_image(q));
        return out;
      },
      py::arg("image"), py::arg("allow_identity") = false,
      "the battery's shrink candidates for a permutation, simplest first (properties/support/permutations.hpp)");

  // The PE battery.
  // NOTE: a law check (verify::check) read through pe/report.hpp's accessors, with the names the Python
  // module has always used (summary = the check's note, evidence = its battery_evidence detail).
  py::class_<verify::check>(m, "LawCheck", "one law decided on one scheme (a verify::check): its verdict and evidence")
      .def_readonly("id", &verify::check::id)
      .def_readonly("statement", &verify::check::statement)
      .def_readonly("arithmetic", &verify::check::arithmetic)
      .def_readonly("cases", &verify::check::cases)
      .def_readonly("note", &verify::check::note)
      .def_property_readonly("property", [](const verify::check& c) { return std::string(pe::property_name(pe::property_of(c))); })
      .def_property_readonly("law", [](const verify::check& c) { return c.statement; })
      .def_property_readonly("verdict", [](const verify::check& c) { return std::string(pe::result_words(c)); })
      .def_property_readonly("outcome", [](const verify::check& c) { return std::string(verify::to_string(c.outcome)); },
                             "held, FAILED, skipped (the law does not apply) or not decidable (the battery cannot decide it here)")
      .def_property_readonly("evidence_kind", [](const verify::check& c) { return std::string(verify::name(pe::evidence_of(c))); },
                             "sampled_exact, sampled_within_bound, or formal (a Coq theorem covers the law)")
      .def_property_readonly("word", [](const verify::check& c) { return std::string(pe::word(c)); })
      .def_property_readonly("holds", [](const verify::check& c) { return pe::holds(c.outcome); })
      .def_property_readonly("summary", [](const verify::check& c) { return c.note; })
      .def_property_readonly("evidence", [](const verify::check& c) { return pe::battery_evidence(c); })
      .def_property_readonly("expected", [](const verify::check& c) { return std::string(expectation_word(pe::expected_of(c))); })
      .def_property_readonly("agrees", [](const verify::check& c) { return pe::agrees(c); })
      .def("__repr__", [](const verify::check& c) {
        return std::string("<LawCheck ") + pe::property_name(pe::property_of(c)) + ": " + pe::result_words(c) + ">";
      });
  // NOTE: a scheme's run (a verify::report, pe/report.hpp) with its fields as attributes.
  py::class_<verify::report>(m, "SchemeRun", "one scheme's run of the battery: every law decided")
      .def_property_readonly("name", [](const verify::report& r) { return pe::run_text(r, "scheme"); })
      .def_property_readonly("kind", [](const verify::report& r) { return pe::run_text(r, "kind"); })
      .def_property_readonly("parameters", [](const verify::report& r) { return pe::run_text(r, "parameters"); })
      .def_property_readonly("arithmetic", [](const verify::report& r) { return pe::run_text(r, "arithmetic"); })
      .def_property_readonly("origin", [](const verify::report& r) { return pe::run_text(r, "origin"); })
      .def_property_readonly("laws", [](const verify::report& r) { return pe::laws(r); })
      .def("agrees", [](const verify::report& r) { return pe::agrees(r); })
      .def(
          "expect",
          [](verify::report& r, const std::string& prop, const std::string& word) {
            pe::state_expectation(pe::law(r, property_from(prop)), expectation_from(word), "");
          },
          py::arg("property"), py::arg("expectation"));
  m.def("property_names", [] {
    std::vector<std::string> out;
    for (auto p : pe::all_properties) out.emplace_back(pe::property_name(p));
    return out;
  });
  m.def("run_scheme", &run_scheme, py::arg("kind"), py::arg("first"), py::arg("second"), py::arg("dim"),
        py::arg("name"), py::arg("parameters"), py::arg("max_position"), py::arg("phases"));
  m.def("reference_run", &reference_run, py::arg("name"));
  m.def("render", &render, py::arg("runs"), py::arg("format"),
        "the schemes × properties matrix as `orderblind schemes --format …` prints it");

  m.def("check_table", &check_table, py::arg("values"), py::arg("element_type"), py::arg("source"),
        py::arg("exact"), py::arg("tolerance_eps"), py::arg("expect") = "");

  // The library's layers over double (attention.hpp, layers.hpp, blocks.hpp), for the PyTorch oracle
  // (tests/python/test_oracle_torch.py). Weights as the library takes them: Q = X W_Q (W_Q is d × d).
  using Md = Matrix<double>;
  m.def(
      "multi_head_attention",
      [](const Md& y, const Md& c, const Md& wq, const Md& wk, const Md& wv, const Md& wo, std::size_t heads,
         bool causal) {
        attention_options<double> o;
        if (causal) o.mask = mask::causal();
        return multi_head_attention<double>(y, c, multi_head_weights<double>{wq, wk, wv, wo, heads}, o);
      },
      py::arg("y"), py::arg("c"), py::arg("wq"), py::arg("wk"), py::arg("wv"), py::arg("wo"), py::arg("heads"),
      py::arg("causal") = false, "multi_head_attention<double>: queries from y, keys and values from c, · W_O");
  m.def(
      "feed_forward",
      [](const Md& x, const Md& w1, const Md& b1, const Md& w2, const Md& b2) {
        return feed_forward(x, ffn_weights<double>{w1, b1, w2, b2});
      },
      py::arg("x"), py::arg("w1"), py::arg("b1"), py::arg("w2"), py::arg("b2"), "feed_forward<double>");
  m.def(
      "layer_norm",
      [](const Md& x, const Md& gamma, const Md& beta, double eps) {
        return layer_norm(x, norm_params<double>{gamma, beta, eps});
      },
      py::arg("x"), py::arg("gamma"), py::arg("beta"), py::arg("eps"), "layer_norm<double>");
  m.def(
      "encoder_block",
      [](const Md& x, const Md& wq, const Md& wk, const Md& wv, const Md& wo, std::size_t heads, const Md& w1,
         const Md& b1, const Md& w2, const Md& b2, const Md& g1, const Md& be1, const Md& g2, const Md& be2,
         double eps) {
        const encoder_block_weights<double> w{{wq, wk, wv, wo, heads}, {w1, b1, w2, b2}, {g1, be1, eps}, {g2, be2, eps}};
        return encoder_block<double>(x, w);
      },
      py::arg("x"), py::arg("wq"), py::arg("wk"), py::arg("wv"), py::arg("wo"), py::arg("heads"), py::arg("w1"),
      py::arg("b1"), py::arg("w2"), py::arg("b2"), py::arg("g1"), py::arg("be1"), py::arg("g2"), py::arg("be2"),
      py::arg("eps"), "encoder_block<double> (post-norm, LayerNorm)");
  m.def(
      "decoder_block",
      [](const Md& y, const Md& c, const std::vector<Md>& self_w, const std::vector<Md>& cross_w, std::size_t heads,
         const Md& w1, const Md& b1, const Md& w2, const Md& b2, const std::vector<Md>& norms, double eps) {
        if (self_w.size() != 4 || cross_w.size() != 4 || norms.size() != 6)
          throw std::invalid_argument("decoder_block: self_w and cross_w need [W_Q, W_K, W_V, W_O], norms [g1, b1, "
                                      "g2, b2, g3, b3]");
        const decoder_block_weights<double> w{{self_w[0], self_w[1], self_w[2], self_w[3], heads},
                                              {cross_w[0], cross_w[1], cross_w[2], cross_w[3], heads},
                                              {w1, b1, w2, b2},
                                              {norms[0], norms[1], eps},
                                              {norms[2], norms[3], eps},
                                              {norms[4], norms[5], eps}};
        return decoder_block<double>(y, c, w);
      },
      py::arg("y"), py::arg("c"), py::arg("self_w"), py::arg("cross_w"), py::arg("heads"), py::arg("w1"),
      py::arg("b1"), py::arg("w2"), py::arg("b2"), py::arg("norms"), py::arg("eps"),
      "decoder_block<double> (causal self-attention, cross-attention over c, FFN; post-norm, LayerNorm)");
}
