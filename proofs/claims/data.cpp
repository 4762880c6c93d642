// SPDX-License-Identifier: MIT
// The claims table as data: the texts' numbers, matrices, sizes and positions that the claim rows read
// (rows.cpp), and the factual claims no computation can decide (questionable, with reason and
// source). Every computed row reads its inputs from here, so a test can perturb each one.
#include "proofs/claims/claims.hpp"

namespace orderblind::claims {
namespace {

using R = mpfr100;

Matrix<R> mat(std::initializer_list<std::initializer_list<double>> rows) {
  Matrix<R> m(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(rows.begin()->size()));
  Eigen::Index i = 0;
  for (const auto& r : rows) {
    Eigen::Index j = 0;
    for (double v : r) m(i, j++) = R(v);
    ++i;
  }
  return m;
}
Matrix<R> row(std::initializer_list<double> v) { return mat({v}); }
Matrix<R> scalar(double v) { return mat({{v}}); }

}  // namespace

std::vector<std::string> claim_sources() {
  return {"text 000: 000_53ca8007e607dbd8.txt (Why Position Must Be Encoded)",
          "text 001: 001_f874646ec48c7dc4.txt (Why a Transformer Cannot See Word Order)",
          "text 002: 002_fca85e27634fae72.txt (Position: Attention Has No Sense of Order)",
          "text 003: 003_7b256b8f5e37c13c.txt (How Does It Even Know Word Order?)"};
}

claim_inputs::table texts_data() {
  claim_inputs::table t;
  // --- text 000, "Why Position Must Be Encoded" ---------------------------------------------------
  // §3: dog = [1, 0], bites = [0, 1], man = [1, 1]; sentence A is "dog bites man".
  t["text000.dog bites man"] = mat({{1, 0}, {0, 1}, {1, 1}});
  // §1: the P of "dog bites man" → "man bites dog" (swap positions 1 and 3), as the text prints it.
  t["text000.P"] = mat({{0, 0, 1}, {0, 1, 0}, {1, 0, 0}});
  // §1, "P M Pᵀ applies the same permutation to the rows and columns of M": an M of our choosing.
  t["text000.M (ours)"] = mat({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}});
  // §3/§4: d = 2, the sinusoid's base 10000, positions 0, 1, 2.
  t["text000.d"] = scalar(2);
  t["text000.base"] = scalar(10000);
  t["text000.positions"] = row({0, 1, 2});
  // §4: the slowest hand at d = 512 over 1000 tokens (d = 512 as in text 002's frequency range).
  t["text000.slowest hand: d, tokens"] = row({512, 1000});
  // §4, "a unique fingerprint": positions 0…300 at d = 8.
  t["text000.unique: first, count, step, d"] = row({0, 301, 1, 8});
  // §4: the fastest hand: d = 512, positions 0…63, pair i = 0.
  t["text000.fastest hand: d, positions, pair"] = row({512, 64, 0});
  // §4, "a formula, not a parameter table": a table trained on 512 positions, asked for position 10⁶.
  t["text000.table rows, unseen position"] = row({512, 1000000});
  // §4, Scheme B: a learned table with max_seq_len rows (GPT-2's 1024, text 001 §3.4).
  t["text000.max_seq_len"] = scalar(1024);
  // §5: d = 768 and 4096; random directions drawn with mean 0 and standard deviation 1 per entry.
  t["text000.wide d"] = row({768, 4096});
  t["text000.random directions: mean, sd"] = row({0, 1});
  // §5, NoPE: the first token's row (a start marker) and every other token's row, sequence length 6.
  t["text000.NoPE rows: first, others"] = mat({{1, 0}, {0, 1}});
  t["text000.NoPE length"] = scalar(6);
  // Try it yourself 1: a 4-token sentence, d = 2, a 4-cycle as P; 200 random inputs.
  t["text000.try 1: P"] = mat({{0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}, {1, 0, 0, 0}});
  t["text000.try 1: d, cases"] = row({2, 200});
  // Try it yourself 3: sinusoidal(64, 8).
  t["text000.try 3: n, d"] = row({64, 8});
  // §2, "bit-for-bit": random 3-token inputs, d = 3, searched for a last-bit difference.
  t["text000.bit-for-bit search: d, tries"] = row({3, 20000});

  // --- text 001, "Why a Transformer Cannot See Word Order" ----------------------------------------
  // §3.2: I = (0,0,1,1), love = (0,1,0,1), LLMs = (1,0,0,1); Part 1's W_Q, W_K, W_V.
  t["text001.X"] = mat({{0, 0, 1, 1}, {0, 1, 0, 1}, {1, 0, 0, 1}});
  t["text001.W_Q"] = mat({{0, -1, 1, 1}, {0, 1, 0, 0}, {1, 0, 0, -1}, {1, 1, 0, 1}});
  t["text001.W_K"] = mat({{0, -1, 0, 1}, {-1, 1, 0, 0}, {1, -1, 1, -1}, {1, 1, 0, 1}});
  t["text001.W_V"] = mat({{0, 0, 1, 0}, {1, 0, 0, 1}, {0, 1, 0, 0}, {1, 0, 0, 0}});
  // §3.2: LLMs love I is the reversal (Appendix A.1's P).
  t["text001.P"] = mat({{0, 0, 1}, {0, 1, 0}, {1, 0, 0}});
  // §3.2, the text's counts: "left the pattern for the other thirty-five" (dot products in Q, K, V) and
  // "the other eight" (entries of Q Kᵀ) — figures the rows compare with the counts on X and W.
  t["text001.dot products left (the text's figure)"] = scalar(35);
  t["text001.scores left (the text's figure)"] = scalar(8);
  // §3.2: "Everything from here on is rounded to two decimals".
  t["text001.decimals"] = scalar(2);
  // §3.4: 500 positions, W^(0) … W^(499).
  t["text001.positions with weights"] = scalar(500);
  t["text001.last weight index (the text's figure)"] = scalar(499);
  // §3.4, Common mistake: Alice told Bob about Carol / Alice told Carol about Bob. The text gives no
  // vectors; these embeddings (4 slots) and the FFN are ours.
  t["text001.Alice told Bob about Carol (ours)"] =
      mat({{1, 0, 1, 0}, {0, 1, 1, 0}, {1, 1, 0, 1}, {0, 0, 1, 1}, {1, 0, 0, 1}});
  t["text001.Alice told Carol about Bob (ours)"] =
      mat({{1, 0, 1, 0}, {0, 1, 1, 0}, {1, 0, 0, 1}, {0, 0, 1, 1}, {1, 1, 0, 1}});
  t["text001.FFN W1 (ours)"] = mat({{1, -1, 0, 2}, {0, 1, -1, 0}, {2, 0, 1, -1}, {-1, 1, 1, 0}});
  t["text001.FFN W2 (ours)"] = mat({{1, 0, 0, 1}, {0, 1, 1, 0}, {-1, 0, 1, 0}, {0, 2, 0, -1}});
  // §3.7: a 500-word sentence; the three pairs three apart; the word at 10 against itself; the
  // exercise's 1600c; the gap 3.
  t["text001.sentence length"] = scalar(500);
  t["text001.added to the last token (the text's figure)"] = scalar(499);
  t["text001.pairs three apart"] = mat({{3, 0}, {10, 7}, {100, 97}});
  t["text001.word at 10: itself, three back"] = mat({{10, 10}, {10, 7}});
  t["text001.exercise score / c"] = scalar(1600);
  t["text001.gap"] = scalar(3);
  // §3.5/§3.6: the sinusoid added to the 4-slot rows (base 10000).
  t["text001.base"] = scalar(10000);

  // --- text 002, "Position: Attention Has No Sense of Order" --------------------------------------
  t["text002.d_model"] = scalar(512);
  t["text002.base"] = scalar(10000);
  // The story: six cards "The cat sat on the mat" (3 slots, ours) and the scrambled order, the
  // reversal "mat the on sat cat The".
  t["text002.cards (ours)"] = mat({{1, 0, 2}, {0, 1, -1}, {2, 1, 0}, {-1, 0, 1}, {1, 0, 2}, {0, 2, 1}});
  t["text002.reversal of six"] =
      mat({{0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 1, 0}, {0, 0, 0, 1, 0, 0}, {0, 0, 1, 0, 0, 0}, {0, 1, 0, 0, 0, 0},
           {1, 0, 0, 0, 0, 0}});
  // Look closer: "swap positions 2 and 5".
  t["text002.swap positions 2 and 5"] =
      mat({{1, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0}, {0, 0, 0, 1, 0, 0}, {0, 0, 0, 0, 1, 0},
           {0, 1, 0, 0, 0, 0}});
  // Introduction, paragraph 4 (uniqueness) and Look closer (nearby positions): 0…300 at d = 8; nearby positions at d = 512 over 0…200.
  t["text002.unique: first, count, step, d"] = row({0, 301, 1, 8});
  // Look closer: "up to a wavelength of ten thousand positions for the highest dimensions".
  t["text002.top wavelength (the text's figure)"] = scalar(10000);
  t["text002.nearby: positions, d, far gap"] = row({200, 512, 8});
  // Test yourself: trained up to 2048, given 3000.
  t["text002.table rows, sequence length"] = row({2048, 3000});
  // Test yourself, a relative scheme: a pair three apart near the start and one past any table.
  t["text002.relative: near pair, far pair"] = mat({{3, 0}, {1000003, 1000000}});

  // --- text 003, "How Does It Even Know Word Order?" ----------------------------------------------
  // Attempt 1: "by position 5000 you're adding a value of 5000".
  t["text003.counter position"] = scalar(5000);
  t["text003.counter value (the text's figure)"] = scalar(5000);
  t["text003.lengths"] = row({5, 50});
  t["text003.the 3rd word: position, numerator"] = row({2, 3});
  // Attempt 2: sentences normalised by their own length.
  t["text003.sentences: tokens, length"] = mat({{1, 1}, {5, 5}, {50, 50}, {500, 500}});
  t["text003.d"] = scalar(8);
  t["text003.base"] = scalar(10000);
  // The third interactive: two dots at pos and pos + k, k = 3, for several pos.
  t["text003.two dots: pos, pos + k"] = mat({{0, 3}, {10, 13}, {100, 103}, {1000, 1003}});
  // Mock question: trained on 512, given position 2000.
  t["text003.table rows, position"] = row({512, 2000});
  // RoPE/ALiBi: one query and one key (ours, d = 8) at pairs of positions three apart.
  t["text003.q, k (ours)"] = mat({{1, 0, 2, -1, 0, 1, 1, 0}, {0, 1, 1, 2, -1, 0, 1, 1}});
  t["text003.query, key positions"] = mat({{4, 1}, {400, 397}, {1003, 1000}});
  return t;
}

// Where each entry of texts_data() comes from: the text and section, or "ours" for values the text does
// not give (the row then says so).
std::map<std::string, std::string> texts_data_sources() {
  return {
      {"text000.dog bites man",
       "text 000, §3: dog = [1, 0], bites = [0, 1], man = [1, 1]"},
      {"text000.P",
       "text 000, §1: P for \"dog bites man\" → \"man bites dog\""},
      {"text000.M (ours)",
       "ours: an M for text 000, §1's \"P M Pᵀ\" (the text gives none)"},
      {"text000.d",
       "text 000, §3/§4: d = 2"},
      {"text000.base",
       "text 000, §4: the sinusoid's base 10000"},
      {"text000.positions",
       "text 000, §3/§4: positions 0, 1, 2"},
      {"text000.slowest hand: d, tokens",
       "text 000, §4: the slowest hand (d = 512 as in text 002's frequency range; 1000 tokens)"},
      {"text000.unique: first, count, step, d",
       "text 000, §4, \"a unique fingerprint\" (positions 0…300, d = 8 ours)"},
      {"text000.fastest hand: d, positions, pair",
       "text 000, §4: the fastest hand (d = 512, positions 0…63, pair 0)"},
      {"text000.table rows, unseen position",
       "text 000, §4, \"a formula, not a parameter table\" (512 rows; position 10⁶ ours)"},
      {"text000.max_seq_len",
       "text 000, §4, Scheme B: max_seq_len (GPT-2's 1024, text 001 §3.4)"},
      {"text000.wide d",
       "text 000, §5: d = 768 and 4096"},
      {"text000.random directions: mean, sd",
       "text 000, §5: random directions (mean 0, sd 1: ours)"},
      {"text000.NoPE rows: first, others",
       "text 000, §5, NoPE: a start marker's row and the others' (ours)"},
      {"text000.NoPE length",
       "text 000, §5, NoPE: sequence length 6 (ours)"},
      {"text000.try 1: P",
       "text 000, Try it yourself 1: a 4-token sentence reordered by a 4-cycle"},
      {"text000.try 1: d, cases",
       "text 000, Try it yourself 1: d = 2, 200 random inputs (ours)"},
      {"text000.try 3: n, d",
       "text 000, Try it yourself 3: sinusoidal(64, 8)"},
      {"text000.bit-for-bit search: d, tries",
       "text 000, §2, \"bit-for-bit\": the search's d = 3 and 20000 tries (ours)"},
      {"text001.X",
       "text 001, §3.2: I = (0,0,1,1), love = (0,1,0,1), LLMs = (1,0,0,1)"},
      {"text001.W_Q",
       "text 001, §3.2: Part 1's W_Q"},
      {"text001.W_K",
       "text 001, §3.2: Part 1's W_K"},
      {"text001.W_V",
       "text 001, §3.2: Part 1's W_V"},
      {"text001.P",
       "text 001, §3.2: LLMs love I, the reversal (Appendix A.1's P)"},
      {"text001.dot products left (the text's figure)",
       "text 001, §3.2: \"the other thirty-five\""},
      {"text001.scores left (the text's figure)",
       "text 001, §3.2: \"The other eight\""},
      {"text001.decimals",
       "text 001, §3.2: \"rounded to two decimals\""},
      {"text001.positions with weights",
       "text 001, §3.4: 500 positions"},
      {"text001.last weight index (the text's figure)",
       "text 001, §3.4: \"out to W^(499)\""},
      {"text001.Alice told Bob about Carol (ours)",
       "ours: embeddings for text 001, §3.4, Common mistake (the text gives no vectors)"},
      {"text001.Alice told Carol about Bob (ours)",
       "ours: embeddings for text 001, §3.4, Common mistake (the text gives no vectors)"},
      {"text001.FFN W1 (ours)",
       "ours: an FFN for text 001, §3.4, Common mistake"},
      {"text001.FFN W2 (ours)",
       "ours: an FFN for text 001, §3.4, Common mistake"},
      {"text001.sentence length",
       "text 001, §3.7: a sentence with 500 words"},
      {"text001.added to the last token (the text's figure)",
       "text 001, §3.7: \"499 added to its values\""},
      {"text001.pairs three apart",
       "text 001, §3.7: pairs three apart"},
      {"text001.word at 10: itself, three back",
       "text 001, §3.7: the word at 10 against itself and three back"},
      {"text001.exercise score / c",
       "text 001, §3.7, exercise: 1600c"},
      {"text001.gap",
       "text 001, §3.7: the gap 3"},
      {"text001.base",
       "text 001, §3.5/§3.6: the sinusoid's base 10000"},
      {"text002.d_model",
       "text 002, introduction, paragraph 4: d_model (512 is the original paper's, not the text's)"},
      {"text002.base",
       "text 002, introduction, paragraph 4: 10000^(2i/d_model)"},
      {"text002.cards (ours)",
       "ours: 3-slot vectors for text 002, The story's six cards"},
      {"text002.reversal of six",
       "text 002, The story: \"mat the on sat cat The\""},
      {"text002.swap positions 2 and 5",
       "text 002, Look closer: \"swap positions 2 and 5\""},
      {"text002.unique: first, count, step, d",
       "text 002, introduction, paragraph 4: \"a unique vector for each position\" (positions 0…300, d = 8 ours)"},
      {"text002.top wavelength (the text's figure)",
       "text 002, Look closer: \"a wavelength of ten thousand positions\""},
      {"text002.nearby: positions, d, far gap",
       "text 002, Look closer: \"nearby positions have similar encodings\" (0…200, d = 512, gap 8 ours)"},
      {"text002.table rows, sequence length",
       "text 002, Test yourself: trained up to 2048, given 3000"},
      {"text002.relative: near pair, far pair",
       "text 002, Test yourself: a relative scheme (the pairs are ours)"},
      {"text003.counter position",
       "text 003, Attempt 1: \"by position 5000\""},
      {"text003.counter value (the text's figure)",
       "text 003, Attempt 1: \"a value of 5000\""},
      {"text003.lengths",
       "text 003, Attempt 2: a five-word and a fifty-word sentence"},
      {"text003.the 3rd word: position, numerator",
       "text 003, Attempt 2: \"the 3rd word is 3/5\""},
      {"text003.sentences: tokens, length",
       "text 003, Attempt 2: sentences normalised by their own length (the lengths are ours)"},
      {"text003.d",
       "text 003, the sinusoid: d = 8 (ours; the text leaves d open)"},
      {"text003.base",
       "text 003, the sinusoid: 10000^(2i/d)"},
      {"text003.two dots: pos, pos + k",
       "text 003, the third interactive: two dots at pos and pos + k, k = 3"},
      {"text003.table rows, position",
       "text 003, Mock question: trained on 512, given position 2000"},
      {"text003.q, k (ours)",
       "ours: a query and a key (d = 8) for text 003's RoPE/ALiBi"},
      {"text003.query, key positions",
       "text 003, RoPE/ALiBi: positions three apart (4 and 1, 400 and 397; 1003 and 1000 ours)"},
  };
}

verify::value::checks questionable_claims() {
  auto q = [](std::string text, std::string section, std::string quote, std::string text_value, std::string reason,
              std::string source) {
    verify::check c = claim_check({std::move(text), std::move(section), std::move(quote), std::move(text_value),
                                   "none", verify::evidence_kind::literature, "none (the literature)",
                                   subject::literature});
    detail_text(c, "computed") = "not computable: a statement about practice or the literature";
    detail_text(c, "reason_source") = std::move(source);
    c.outcome = verify::verdict::questionable;
    c.note = std::move(reason);
    return c;
  };
  const std::string learned_dated =
      "dated: learned absolute tables were the common choice of GPT-2/GPT-3/BERT-era models; since 2021–23 most "
      "large open language models (PaLM, LLaMA 1–3, Mistral, Qwen, Falcon, GPT-NeoX) use rotary embeddings, and "
      "some (BLOOM, MPT) ALiBi";
  const std::string learned_sources =
      "Su et al., RoFormer (arXiv:2104.09864); Touvron et al., LLaMA (arXiv:2302.13971), §2; Chowdhery et al., "
      "PaLM (arXiv:2204.02311), §2; Scao et al., BLOOM (arXiv:2211.05100), §3.2";
  const std::string rope_extrapolates =
      "contested: RoPE models degrade past their training length unless the positions are interpolated or the "
      "base is rescaled and the model fine-tuned; ALiBi was introduced precisely because rotary and sinusoidal "
      "encodings do not extrapolate";
  const std::string rope_sources =
      "Press et al., ALiBi (arXiv:2108.12409), Figure 1; Chen et al., Position Interpolation (arXiv:2306.15595), "
      "§1–2; Peng et al., YaRN (arXiv:2309.00071)";
  const std::string nope_reason =
      "contested: decoder-only models with no positional encoding at all (NoPE) learn position through the causal "
      "mask and train to perplexities close to models with one — as text 000, §5 itself notes; encoders do need it";
  const std::string nope_sources =
      "Haviv et al., Transformer Language Models without Positional Encodings Still Learn Positional Information "
      "(arXiv:2203.16634); Kazemnejad et al., The Impact of Positional Encoding on Length Generalization in "
      "Transformers (arXiv:2305.19466)";
  const std::string alibi_rotation =
      "questionable: ALiBi has no rotation. It adds −m·|i − j| to the score (linear in the distance, unbounded: "
      "−2,500 at distance 5,000 for the slope m = 1/2), while a rotary score ⟨R_i q, R_j k⟩ is a rotation of the "
      "same dot product and stays within |q||k| at every distance. Only RoPE leans on the rotation property of "
      "the sinusoid; both encode relative distance";
  const std::string alibi_sources =
      "Press et al., ALiBi (arXiv:2108.12409), §3 (the bias −m·|i − j|); Su et al., RoFormer (arXiv:2104.09864), "
      "§3.2 (the rotation)";
  const std::string still_standard =
      "questionable: adding a position vector to the content embedding is no longer the standard of large models: "
      "RoPE (most recent open LLMs) rotates the queries and keys inside attention and adds nothing to the content, "
      "and ALiBi biases the scores; the text itself names rotary embeddings three sentences later";
  return {
      q("text 003", "Mock question", "modern LLMs moved to RoPE (rotary embeddings) and ALiBi: ... leaning on the very "
                                     "rotation property we just derived",
        "RoPE and ALiBi lean on the rotation property", alibi_rotation, alibi_sources),
      q("text 002", "Why it matters now", "The architectural choice made in 2017 — to separate position from content "
                                          "and then add them together — is still standard",
        "adding position to content is still standard", still_standard, learned_sources),
      q("text 000", "§5", "Every production model ships explicit position information", "every production model",
        "dated: a snapshot of practice, not checkable here; true of the widely deployed models we know of (learned "
        "tables, RoPE, ALiBi), while some recent ones leave position out of a share of their layers (NoPE layers "
        "interleaved with RoPE)",
        "Meta AI, The Llama 4 herd (blog post, April 2025), \"iRoPE\"; Haviv et al. (arXiv:2203.16634)"),
      q("text 002", "At a glance", "Alternative: Learned position embeddings, now more common in practice",
        "learned embeddings are more common", learned_dated, learned_sources),
      q("text 002", "introduction, paragraph 5", "Learned embeddings are now more common",
        "learned embeddings are more common", learned_dated, learned_sources),
      q("text 002", "The story", "Most large language models now use learned position embeddings rather than "
                                 "sinusoidal ones",
        "most LLMs use learned embeddings", learned_dated, learned_sources),
      q("text 002", "The surprising detail", "The field largely moved to learned embeddings anyway",
        "the field moved to learned embeddings", learned_dated, learned_sources),
      q("text 002", "introduction, paragraph 6", "Rotary Position Embeddings (RoPE), used in some recent models",
        "RoPE: some recent models",
        "dated: RoPE is the encoding of most recent large open models, not of some", learned_sources),
      q("text 002", "Why it matters now", "Position encodings remain a necessary component of every "
                                          "Transformer-based language model",
        "every Transformer LM needs one", nope_reason, nope_sources),
      q("text 003", "Mock question", "modern LLMs moved to RoPE (rotary embeddings) and ALiBi: ... and extrapolate to "
                                     "lengths far beyond training",
        "RoPE and ALiBi extrapolate far beyond training", rope_extrapolates, rope_sources),
      q("text 003", "Mock question, ②", "Sinusoids extrapolate numerically but not reliably; RoPE/ALiBi encode relative "
                                        "distance and hold up far better",
        "RoPE holds up far better", rope_extrapolates, rope_sources),
  };
}

verify::value::checks cited_claims() {
  auto c = [](std::string text, std::string section, std::string quote, std::string text_value, std::string source) {
    verify::check k = claim_check({std::move(text), std::move(section), std::move(quote), std::move(text_value),
                                   "none", verify::evidence_kind::literature,
                                   "the cited source (a correct factual claim about the literature)",
                                   subject::literature});
    detail_text(k, "computed") = "confirmed by the source (no computation): " + source;
    k.outcome = verify::verdict::held;
    return k;
  };
  const std::string gpt2 =
      "Radford et al., Language Models are Unsupervised Multitask Learners (OpenAI, 2019), §2.3 (\"context size "
      "from 512 to 1024 tokens\"); OpenAI's released GPT-2 code, model.py (wpe: a learned [n_ctx, n_embd] table, "
      "n_ctx = 1024)";
  return {
      c("text 000", "§4, Scheme B", "One trainable d-vector per position ... This is what GPT-2 and BERT do",
        "GPT-2 and BERT use learned position tables",
        gpt2 + "; Devlin et al., BERT (arXiv:1810.04805), §3, Figure 2 (learned position embeddings, up to 512 "
               "positions)"),
      c("text 001", "3.4", "GPT-2 uses a learned position vector for each of 1024 positions",
        "GPT-2: 1,024 learned positions", gpt2),
      c("text 002", "The surprising detail",
        "The original paper noted that learned position embeddings and sinusoidal encodings produced nearly "
        "identical results in their experiments",
        "nearly identical results",
        "Vaswani et al., Attention Is All You Need (arXiv:1706.03762), §3.5 (\"the two versions produced nearly "
        "identical results\", Table 3 row (E))"),
      c("text 002", "Go deeper", "Attention Is All You Need · arXiv · Ashish Vaswani et al. · 2017-06-12",
        "arXiv, 2017-06-12", "arXiv:1706.03762, version 1 submitted 12 June 2017"),
      c("text 002", "Go deeper",
        "Self-Attention with Relative Position Representations · arXiv · Peter Shaw et al. · 2018-03-06",
        "arXiv, 2018-03-06", "arXiv:1803.02155, version 1 submitted 6 March 2018"),
  };
}

}  // namespace orderblind::claims
