// SPDX-License-Identifier: MIT
// headroom: the config.json key table of Xiaomi's MiMo-7B (model_type mimo, the remote-code
// MiMoForCausalLM of XiaomiMiMo/MiMo-7B-*: MiMoConfig extends Qwen2Config and MiMoModel
// Qwen2Model), read as the dense_gqa family with Qwen2's bindings: q, k, v biases, no bias on o,
// SwiGLU. The checkpoint also stores `num_nextn_predict_layers` MTP layers (model.mtp_layers.*),
// which the main model does not load: vLLM's MiMoForCausalLM maps the prefix
// "model.mtp_layers." to None ("MTP layers are loaded by the draft model, not the main model",
// vllm/model_executor/models/mimo.py at commit 055e47c2), so they are not counted, as
// ERNIE 4.5 MoE's are not. config_key_types.hpp says how a table reads; config_keys.hpp lists
// the profiles.
#pragma once

#include <headroom/models/config_keys/gqa.hpp>
#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys::mimo {

inline constexpr check own_checks[] = {
    {"attention_bias", check_kind::equals, "true",
     "MiMo's attention is Qwen2Attention: biases on q, k and v (stored, as the qwen2 bindings count them), none on o"},
};
inline constexpr auto checks = join(own_checks, shared::swiglu_mlp);
inline constexpr ignored own_ignored[] = {
    {"num_nextn_predict_layers",
     "the MTP layers (model.mtp_layers.*) are a draft model's: vLLM's MiMoForCausalLM does not load them"},
};
inline constexpr auto ignored_keys = join(dense::qwen_ignored, own_ignored);

}  // namespace headroom::models::config_keys::mimo
