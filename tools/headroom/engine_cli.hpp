// SPDX-License-Identifier: MIT
// headroom CLI: the engine flags on a CLI11 command (cli_args.cpp only; the rules live in
// engine_flags.cpp). Spellings are the engines' own (docs/cli.md, "Engine flags").
#pragma once

#include <CLI/CLI.hpp>

#include "headroom/engine_flags.hpp"

namespace headroom::cli {

inline void add_engine_options(CLI::App* cmd, engine_flags& f) {
  cmd->add_option("--engine", f.engine, "serving engine: vllm | sglang | trtllm | llama.cpp | none (default vllm)");
  const std::string v = "vLLM: ", g = "SGLang: ", t = "TensorRT-LLM: ", l = "llama.cpp: ";
  cmd->add_option("--gpu-memory-utilization", f.gpu_memory_utilization, v + "fraction of total memory (default 0.92)");
  cmd->add_option("--max-model-len", f.max_model_len, v + "longest request (default: --context); 32k = 32000, 32K = 32768");
  cmd->add_option("--max-num-seqs", f.max_num_seqs, v + "scheduler cap (default 1024 on >= 70 GiB non-A100 devices, else 256)");
  cmd->add_option("--max-num-batched-tokens", f.max_num_batched_tokens, v + "tokens per step (default 8192 / 2048, as max-num-seqs)");
  cmd->add_option("--block-size", f.block_size, v + "tokens per KV block (default 16; raised for hybrids, 64 for MLA)");
  cmd->add_option("--kv-cache-memory-bytes", f.kv_cache_memory_bytes, v + "KV pool size, e.g. 20GiB (utilization then ignored)");
  cmd->add_flag("--enforce-eager", f.enforce_eager, v + "no CUDA graphs");
  cmd->add_option("--kv-cache-dtype", f.kv_cache_dtype, "vLLM / SGLang / TensorRT-LLM: auto | bf16 | fp8 | fp8_e4m3 | fp8_e5m2");
  cmd->add_option("--mem-fraction-static", f.mem_fraction_static, g + "fraction of free memory (default: SGLang's heuristic)");
  cmd->add_option("--page-size", f.page_size, g + "tokens per page (default 1)");
  cmd->add_option("--chunked-prefill-size", f.chunked_prefill_size, g + "prefill chunk (default: by device memory)");
  cmd->add_option("--max-running-requests", f.max_running_requests, g + "scheduler cap");
  cmd->add_option("--cuda-graph-max-bs", f.cuda_graph_max_bs, g + "largest CUDA-graph batch");
  cmd->add_option("--context-length", f.context_length, g + "longest request (default: --context)");
  cmd->add_option("--free-gpu-memory-fraction", f.free_gpu_memory_fraction, t + "fraction of free memory after the profile (default 0.9)");
  cmd->add_option("--tokens-per-block", f.tokens_per_block, t + "tokens per KV block (default 32)");
  cmd->add_option("--max-num-tokens", f.max_num_tokens, t + "tokens per step (default 8192)");
  cmd->add_option("--max-batch-size", f.max_batch_size, t + "scheduler cap (default 2048)");
  cmd->add_option("--max-seq-len", f.max_seq_len, t + "longest request (default: --context)");
  cmd->add_option("--max-tokens", f.max_tokens, t + "kv_cache_config.max_tokens (the smaller of it and the fraction wins)");
  cmd->add_option("--ctx-size", f.ctx_size, l + "-c, total cells (default: seqs x context)");
  cmd->add_option("--parallel", f.parallel, l + "-np, sequences (default: --seqs)");
  cmd->add_option("--ubatch-size", f.ubatch_size, l + "-ub (default 512)");
  cmd->add_option("--cache-type-k", f.cache_type_k, l + "f16 | bf16 | f32 | q8_0 | q4_0 (default f16)");
  cmd->add_option("--cache-type-v", f.cache_type_v, l + "f16 | bf16 | f32 | q8_0 | q4_0 (default f16)");
  cmd->add_flag("--kv-unified", f.kv_unified, l + "one KV stream for all sequences");
  cmd->add_flag("--swa-full", f.swa_full, l + "sliding-window layers keep every cell");
  cmd->add_option("--flash-attn", f.flash_attn, l + "on | off (default on; off adds the attention scores to the compute buffer)");
}

}  // namespace headroom::cli
