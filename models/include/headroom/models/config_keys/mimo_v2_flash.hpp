// SPDX-License-Identifier: MIT
// headroom: the config.json key table of MiMo-V2-Flash (model_type mimo_v2_flash,
// XiaomiMiMo/MiMo-V2-Flash, the remote-code MiMoV2FlashForCausalLM), read as the mimo_v2_flash
// family the way vLLM's model reads it (vllm/model_executor/models/mimo_v2_flash.py,
// MiMoV2FlashDecoderLayer: the swa_* keys and sliding_window_size for layers whose
// hybrid_layer_pattern entry is 1, the plain keys for the others; MiMoV2MoE where moe_layer_freq
// is 1). config_key_types.hpp says how a table reads; config_keys.hpp lists the profiles.
#pragma once

#include <headroom/models/config_keys/types.hpp>

namespace headroom::models::config_keys::mimo_v2_flash {

inline constexpr binding own[] = {
    {"head_dim", "head_dim"},
    {"v_head_dim", "v_head_dim"},
    {"swa_q_heads", "swa_num_attention_heads"},
    {"swa_kv_heads", "swa_num_key_value_heads"},
    {"swa_head_dim", "swa_head_dim"},
    {"swa_v_head_dim", "swa_v_head_dim"},
    {"window", "sliding_window_size"},
    {"swa_sinks", "add_swa_attention_sink_bias", source::optional, 0,
     "vLLM's getattr(config, \"add_swa_attention_sink_bias\", False): no sinks"},
    {"hybrid_pattern", "hybrid_layer_pattern"},
    {"moe_pattern", "moe_layer_freq"},
    {"inter", "intermediate_size"},
    {"experts", "n_routed_experts"},
    {"top_k", "num_experts_per_tok"},
    {"moe_inter", "moe_intermediate_size"},
    {"noaux_tc", "topk_method", source::is_text, 0, "absent: no correction bias", {}, "noaux_tc"},
    // The config has no key for them (ai-dynamo's transcription, the Hub's config.json): the
    // checkpoint stores three, model.mtp.layers.{0,1,2} (ggml-org/llama.cpp conversion/mimo.py,
    // MimoV2Model._n_nextn: "MiMo V2-Flash, V2.5 and V2.5-Pro all ship 3 trained MTP layers under
    // model.mtp.layers.{0,1,2}. The HF config does not expose the count"), read when a config states it.
    {"mtp_layers", "num_nextn_predict_layers", source::optional, 3,
     "the checkpoint ships three MTP layers, model.mtp.layers.0 to 2 (llama.cpp conversion/mimo.py)"},
};
inline constexpr auto bindings = join(shared::gqa, own);

inline constexpr check checks[] = {
    {"hybrid_layer_pattern", check_kind::layer_flags, {}, "1 a sliding-window layer, 0 a full-attention layer"},
    {"moe_layer_freq", check_kind::layer_flags, {}, "1 a routed-expert MLP, 0 the dense MLP"},
    {"sliding_window", check_kind::equals_key, "sliding_window_size",
     "vLLM sizes the sliding layers' window by sliding_window_size, transformers' own port by sliding_window"},
    {"add_full_attention_sink_bias", check_kind::equals, "false",
     "sinks on the full-attention layers are not in the family (vLLM's MiMoV2Attention builds none there)"},
    {"n_shared_experts", check_kind::equals, "null", "vLLM's MiMoV2MoE has no shared expert"},
    {"n_group", check_kind::equals, "1", "one expert group: routing over every expert"},
    {"topk_group", check_kind::equals, "1", "one expert group: routing over every expert"},
    {"hybrid_block_size", check_kind::equals, "null", "the layer kinds are hybrid_layer_pattern's, one per layer"},
    {"hidden_act", check_kind::equals, "\"silu\"", "the MLP and the experts are SwiGLU"},
    {"tie_word_embeddings", check_kind::equals, "false", "the family stores its own lm_head"},
    {"attention_bias", check_kind::equals, "false", "attention biases are not in the family"},
};

inline constexpr ignored ignored_keys[] = {
    {"swa_rope_theta", "rotary frequencies are computed, not stored"},
    {"partial_rotary_factor", "the share of each head rotated: arithmetic, no tensor"},
    {"attention_value_scale", "scales V before attention: arithmetic, no tensor"},
    {"attention_chunk_size", "read by no implementation (vLLM, SGLang and transformers size the window by sliding_window_size / "
                             "sliding_window)"},
    {"layernorm_epsilon", "a constant of the norm, no tensor"},
    {"scoring_func", "router arithmetic, no tensor"},
    {"norm_topk_prob", "router arithmetic, no tensor"},
    {"routed_scaling_factor", "router arithmetic, no tensor"},
};

}  // namespace headroom::models::config_keys::mimo_v2_flash
