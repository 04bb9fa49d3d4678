/* SPDX-License-Identifier: MIT */
/* A deployer that reads only the generated constants: stable names (--macro-prefix APP_LLM). */
#include "app_llm.h"

int main(void) {
  /* Llama-3.1-8B-Instruct's published total_size, in bytes. */
  return (APP_LLM_WEIGHTS_BYTES == 16060522496ULL && APP_LLM_FITS == 1 && APP_LLM_MAX_SEQS >= 8ULL) ? 0 : 1;
}
