// SPDX-License-Identifier: MIT
// headroom: every block builder the family templates share, by kind: io (embed, head, MTP
// in/out), attention (GQA, gated, MLA), compressed_attention (DeepSeek-V4's SWA / CSA / HCA),
// mlp, moe, causal_conv (the recurrent mixers' conv), gdn (Gated DeltaNet), mamba2, kda (Kimi
// Delta Attention), dsa (sparse latent attention with a pooled-key indexer), hyper_connections
// (mHC streams and the MLPs inside them), gemma (Gemma-4's embedding, attention, feed-forward and
// head); and stack, the per-layer skeleton. A family may include just the kinds it uses.
#pragma once

#include <headroom/models/blocks/attention.hpp>
#include <headroom/models/blocks/causal_conv.hpp>
#include <headroom/models/blocks/compressed_attention.hpp>
#include <headroom/models/blocks/dsa.hpp>
#include <headroom/models/blocks/gdn.hpp>
#include <headroom/models/blocks/gemma.hpp>
#include <headroom/models/blocks/hyper_connections.hpp>
#include <headroom/models/blocks/indexed_mla.hpp>
#include <headroom/models/blocks/io.hpp>
#include <headroom/models/blocks/kda.hpp>
#include <headroom/models/blocks/mamba2.hpp>
#include <headroom/models/blocks/mlp.hpp>
#include <headroom/models/blocks/moe.hpp>
#include <headroom/models/blocks/stack.hpp>
