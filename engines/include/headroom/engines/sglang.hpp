// SPDX-License-Identifier: MIT
// headroom: the SGLang profile. Knobs: sglang_knobs (include/headroom/engine.hpp); rule:
// docs/engines.md, "SGLang".
//
// Defaults (python/sglang/srt/server_args.py): mem_fraction_static from the engine's heuristic
// (_handle_gpu_memory_settings: reserved MiB by device memory, chunked_prefill_size and
// cuda_graph_max_bs, rounded to 3 decimals; lowered for a multimodal checkpoint by its vision
// tower); page_size 1; swa_full_tokens_ratio 0.8; mamba_full_memory_ratio 0.9; the radix cache on,
// Mamba strategy no_buffer; max_running_requests min(clamp(tokens / context x 512, 2048, 4096),
// tokens / 2), 48 when speculative; 4 draft tokens. DeepSeek-V4's model override: page_size 256
// whatever --page-size, swa_full_tokens_ratio 0.1 when unset
// (python/sglang/srt/arg_groups/model_overrides/deepseek_v4.py @01a4a991568f810ca3a10984e2881e136212c916)
// (python/sglang/srt/mem_cache/kv_cache_configurator.py @003fca8027387a3d6565b2c08e497e3020ac6211).
// DeepSeek-V4 (supported: DSV4PoolConfigurator, python/sglang/srt/model_executor/
// pool_configurator.py @003fca8027387a3d6565b2c08e497e3020ac6211): its compressor states in rings,
// ratio 4 per SWA page priced per token, ratio 128 per request slot carved first
// (docs/engines.md, "SGLang").
#pragma once

#include <headroom/engine.hpp>

namespace headroom::engines {

inline constexpr engine sglang{.kind = engine_kind::sglang};

}  // namespace headroom::engines
