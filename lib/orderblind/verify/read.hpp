// SPDX-License-Identifier: MIT
#pragma once
/// Reading a check back from the JSON the renderer writes (verify/render.hpp): a check sent as text —
/// from the battery's worker processes to the process that reports — is the same check again.
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "orderblind/verify/render.hpp"

namespace orderblind::verify {

/// The kind whose name(k) is `s`; throws std::invalid_argument for another text.
inline evidence_kind evidence_named(const std::string& s) {
  for (int k = 0; k <= static_cast<int>(evidence_kind::literature); ++k)
    if (s == name(static_cast<evidence_kind>(k))) return static_cast<evidence_kind>(k);
  throw std::invalid_argument("no evidence kind is named '" + s + "'");
}

/// The verdict whose to_string(v) is `s`; throws std::invalid_argument for another text.
inline verdict verdict_named(const std::string& s) {
  for (int v = 0; v <= static_cast<int>(verdict::questionable); ++v)
    if (s == to_string(static_cast<verdict>(v))) return static_cast<verdict>(v);
  throw std::invalid_argument("no verdict is named '" + s + "'");
}

/// A value from its JSON: integers keep their sign's type; an object is an ordered object.
// NOTE: a list of checks reads back as a list of objects and an exact number as its text: both render
// as they were written. The battery's checks hold neither.
template <class Json>
value value_from_json(const Json& j) {
  if (j.is_null()) return {};
  if (j.is_boolean()) return j.template get<bool>();
  if (j.is_number_unsigned()) return j.template get<std::uint64_t>();
  if (j.is_number_integer()) return j.template get<std::int64_t>();
  if (j.is_number_float()) return j.template get<double>();
  if (j.is_string()) return j.template get<std::string>();
  if (j.is_array()) {
    value::list l;
    for (const auto& x : j) l.push_back(value_from_json(x));
    return l;
  }
  value::object o;
  for (auto it = j.begin(); it != j.end(); ++it) o.push_back({it.key(), value_from_json(it.value())});
  return o;
}

/// The check whose JSON (detail::to_json(check)) is `j`: the fixed keys, then every other key as a detail
/// in its order.
inline check check_from_json(const nlohmann::ordered_json& j) {
  check c;
  j.at("id").get_to(c.id);
  j.at("statement").get_to(c.statement);
  j.at("source").get_to(c.source);
  j.at("compared").get_to(c.compared);
  j.at("arithmetic").get_to(c.arithmetic);
  c.evidence = evidence_named(j.at("evidence").get<std::string>());
  j.at("bound").get_to(c.bound);
  c.residual = value_from_json(j.at("residual"));
  j.at("cases").get_to(c.cases);
  if (!j.at("seed").is_null()) c.seed = j.at("seed").get<std::uint64_t>();
  c.outcome = verdict_named(j.at("verdict").get<std::string>());
  j.at("note").get_to(c.note);
  static const char* fixed[] = {"id", "statement", "source", "compared", "arithmetic", "evidence", "evidence_detail",
                                "bound", "residual", "cases", "seed", "verdict", "note"};
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (std::find(std::begin(fixed), std::end(fixed), it.key()) != std::end(fixed)) continue;
    c.details.push_back({it.key(), value_from_json(it.value())});
  }
  return c;
}

}  // namespace orderblind::verify
