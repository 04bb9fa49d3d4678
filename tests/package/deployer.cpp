// SPDX-License-Identifier: MIT
// The same deployer as C++11, through the header's constexpr copies.
#include "app_llm.h"

static_assert(headroom_generated::app_llm::weights_bytes == 16060522496ULL, "Llama-3.1-8B-Instruct's published total_size");
static_assert(headroom_generated::app_llm::fits, "8 x 4096 tokens fit on one H100 SXM");

int main() { return APP_LLM_SEQS == 8ULL ? 0 : 1; }
