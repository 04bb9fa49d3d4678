// SPDX-License-Identifier: MIT
// headroom: citations the device tables refer to by id. Ids are stable once published, so
// reports name the same documents across releases: S6 and S8 cite the same Blackwell Ultra
// documents, S33-S35 are unused, and ids from S36 on are one per document. Where sources conflict, the device entry's comment says
// which figure it takes and why.
#pragma once

#include <array>
#include <string_view>

#include <headroom/device.hpp>

namespace headroom::devices {
using std::string_view_literals::operator""sv;

// clang-format off
// The table's size is its list's: no count to keep in step (std::to_array).
inline constexpr auto sources = std::to_array<source_entry>({
  {"S1"sv,  "NVIDIA H100 product page spec table (nvidia.com/en-us/data-center/h100/): 3.35 TB/s, BF16 1,979 / FP8 3,958 TFLOPS with sparsity"sv},
  {"S2"sv,  "NVIDIA H200 product page (nvidia.com/en-us/data-center/h200/): 141 GB, 4.8 TB/s, BF16 1,979 / FP8 3,958 TFLOPS with sparsity (preliminary)"sv},
  {"S3"sv,  "NVIDIA Hopper architecture whitepaper / blog 'Hopper Architecture In-Depth' (2022-03-22): 132 SMs, dense BF16 989.4 TFLOPS"sv},
  {"S4"sv,  "NVIDIA Hopper Tuning Guide (CUDA 13.x)"sv},
  {"S5"sv,  "NVIDIA Blackwell Datasheet (doc 3384703): HGX B200 per GPU 180 GB HBM3e, 7.7 TB/s, FP4 18 PF / FP8 9 PF / BF16 4.5 PF sparse, dense one-half; NVFP4 144 | 72 PFLOPS per 8 GPUs"sv},
  {"S6"sv,  "NVIDIA Blackwell Ultra Datasheet (doc 4169750), per-GPU table as transcribed by Verda/DataCrunch (datacrunch-research/blogs b300_comparison_b200, gb300-technical-report): HGX B300 FP4 14 PF, FP8 4.5 PF, INT8 0.15 POPS, BF16 2.25 PF, 270 GB, 7.7 TB/s; GB300 FP4 15 PF, FP8 5 PF, INT8 0.165 POPS, BF16 2.5 PF, 279 GB, 8 TB/s"sv},
  {"S8"sv,  "NVIDIA Technical Blog 'Inside NVIDIA Blackwell Ultra: The Chip Powering the AI Factory Era': 160 SMs in the full GPU, 15 PF dense NVFP4, 288 GB HBM3e, 8 TB/s"sv},
  {"S9"sv,  "NVIDIA Blackwell Tuning Guide (CUDA 13.4)"sv},
  {"S10"sv, "CUDA Programming Guide v13.4.2, compute-capabilities appendix"sv},
  {"S11"sv, "PTX ISA 9.4: mma / wgmma / tcgen05 and block-scaling tables"sv},
  {"S12"sv, "CUTLASS 'Blackwell SM100 GEMMs' documentation"sv},
  {"S13"sv, "NVIDIA DGX Spark product page: 128 GB LPDDR5X unified, 273 GB/s, up to 1 PFLOP FP4 (with sparsity)"sv},
  {"S15"sv, "NVIDIA developer forum 'GB10 really does hit ~1 PFLOP NVFP4 (2:4 sparse) - measured'"sv},
  {"S16"sv, "Chips and Cheese, 'Analyzing Nvidia GB10's GPU' (48 SMs)"sv},
  {"S17"sv, "Chips and Cheese, 'Nvidia's B200' (148 SMs)"sv},
  {"S26"sv, "nvidia-smi totals: H100 80GB HBM3 81,559 MiB; H200 143,771 MiB (blog 'Why does an H100 80GB offer 85.52 GB?' and public nvidia-smi logs)"sv},
  {"S27"sv, "nvidia-smi B200 183,359 MiB (Modal GPU glossary; public nvidia-smi logs)"sv},
  {"S32"sv, "Local measurement on a GB10 host (driver 580.126.09, CUDA 13.0, 2026-09-29): cudaMemGetInfo total 130,663,886,848 B; achievable 249 GB/s, BF16 123.7, FP8 243.6, NVFP4 490.8 TFLOPS"sv},
  {"S36"sv, "NVIDIA A100 datasheet (nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf), via glennklockwood.com/garden/processors/A100, lamonoai/gpumap and hahnyuan/LLM-Viewer: BF16 312 / INT8 624 dense, SXM 80GB 2,039 GB/s, PCIe 40GB 1,555 GB/s, 108 SMs"sv},
  {"S37"sv, "ai-dynamo/aiconfigurator systems/a100_sxm.yaml (commit 095f58a5): 2,039 GB/s, BF16 312, INT8 624"sv},
  {"S38"sv, "nvidia-smi public-file copies: 'A100-SXM4-80GB ... 81920MiB'"sv},
  {"S39"sv, "nvidia-smi public-file copies: 'A100-PCIE-40GB ... 40960MiB'"sv},
  {"S40"sv, "ai-dynamo/aiconfigurator systems/h100_pcie.yaml (commit 095f58a5): '756.5 TFLOPS dense; NVIDIA specs list 1513 TFLOPS with sparsity', 2 TB/s"sv},
  {"S41"sv, "lamonoai/gpumap nvidia/GPU.md: SM counts (H100 PCIe 114, RTX 5090 170, RTX 4090 128; L40S 142 and L4 58 via RT cores), boost clocks, GeForce FP16/FP32-accumulate rates"sv},
  {"S42"sv, "nvidia-smi public-file copies: 'H100 PCIe ... 81559MiB' (one host shows 81920MiB)"sv},
  {"S43"sv, "nvidia-smi and deviceQuery public-file copies: 'H100 NVL ... 95830MiB', multiProcessorCount 132"sv},
  {"S44"sv, "Public server README for 4 x H200 NVL (public-file copy): nvidia-smi 143,771 MiB, 600 W, ~1,785 MHz, BF16 dense GEMM ~836 TFLOPS measured"sv},
  {"S45"sv, "ai-dynamo/aiconfigurator history systems/h20_sxm.yaml (commit 18aac735): 4,000 GB/s, 96 GiB, FP16 148, FP8/INT8 296"sv},
  {"S46"sv, "zangshuxian.com/new/674733024499207168: H20 FP16 dense 148 TFLOPS, INT8 296, 4.0 TB/s, 78 SMs"sv},
  {"S47"sv, "nvidia-smi public-file copies: 'H20 ... 97871MiB'"sv},
  {"S48"sv, "NVIDIA GH200 Grace Hopper Superchip datasheet (3773000), transcribed in atineoSE/coding-model-seeks-gpu gh200_specs.md: BF16 990 / FP8 1,979 / INT8 1,979 dense, 96 GB HBM3 at 4 TB/s or 144 GB HBM3e at 4.9 TB/s"sv},
  {"S49"sv, "nvidia-smi public-file copies: 'GH200 480GB ... 97871MiB'; '(sm_90, 132 SMs)'"sv},
  {"S50"sv, "ai-dynamo/aiconfigurator systems/b300_sxm.yaml (commit 095f58a5): 275,040 MiB reported by nvidia-smi, 7.75 TB/s, BF16 2,250, INT8 153.5, FP8 4,500, FP4 14,000 dense"sv},
  {"S51"sv, "ai-dynamo/aiconfigurator systems/gb200.yaml (commit 095f58a5): 189,471 MiB reported by nvidia-smi, 8 TB/s, BF16 2,500, FP8/INT8 5,000, FP4 10,000"sv},
  {"S52"sv, "ai-dynamo/aiconfigurator systems/gb300.yaml (commit 095f58a5): 284,208 MiB reported by nvidia-smi, 8 TB/s, BF16 2,500, INT8 165, FP8 5,000, FP4 15,000"sv},
  {"S53"sv, "NVIDIA RTX PRO 6000 Blackwell Workstation Edition datasheet (3519208), transcribed in atineoSE/coding-model-seeks-gpu rtxpro6000_specs.md: 4,000 AI TOPS (FP4 with sparsity), 96 GB GDDR7 ECC, 1,792 GB/s, 600 W"sv},
  {"S54"sv, "Public-file copy citing the RTX Blackwell whitepaper: RTX PRO 6000 Workstation / Max-Q 1,792 GB/s, 2,015.2 TFLOPS dense FP4"sv},
  {"S55"sv, "hardware-corner.net/rtx-5090-vs-rtx-pro-6000-spec-comparison-20250321: RTX PRO 6000 Blackwell 188 SMs"sv},
  {"S56"sv, "NVIDIA RTX PRO 6000 Blackwell Server Edition product page (public-file transcriptions): FP4 4 / FP8 2 / BF16 1 PFLOPS with sparsity, 96 GB GDDR7, 1,597 GB/s"sv},
  {"S57"sv, "ai-dynamo/aiconfigurator systems/rtx_pro_6000_server.yaml (commit 095f58a5): nvidia-smi 97,887 MiB, max SM clock 2,430 MHz, compute capability 12.0"sv},
  {"S58"sv, "Public-file copy of the NVIDIA RTX Blackwell whitepaper values: RTX 5090 dense FP16/BF16 with FP32 accumulate 209.5 TFLOPS, FP8 419, INT8 838 TOPS, 1,792 GB/s"sv},
  {"S59"sv, "ai-dynamo/aiconfigurator history systems/rtx_5090.yaml (commit 23882323): 32,607 MiB, FP4 1,676 dense"sv},
  {"S60"sv, "NVIDIA GeForce RTX 5090 marketing: 3,352 AI TOPS (FP4 with sparsity)"sv},
  {"S61"sv, "hmc-tech.com/gpus/nvidia-geforce-rtx-4090-vs-nvidia-rtx-pro-5000-blackwell (Ada whitepaper values): RTX 4090 BF16 165.2, FP8 with FP32 accumulate 330.3, INT8 660.6"sv},
  {"S62"sv, "nvidia-smi public-file copies: 'GeForce RTX 4090 ... 24564MiB'"sv},
  {"S63"sv, "NVIDIA L40S datasheet, via stas00/ml-engineering: BF16/FP16 362, FP8/INT8 733 dense"sv},
  {"S64"sv, "ai-dynamo/aiconfigurator systems/l40s.yaml (commit 095f58a5): 864 GB/s, 46,068 MiB, BF16 362.05, FP8/INT8 733"sv},
  {"S65"sv, "NVIDIA L4 datasheet (prints sparse only), via aiconfigurator l4.yaml: BF16 242, FP8 485, INT8 485 TFLOPS with sparsity; 300 GB/s"sv},
  {"S66"sv, "ai-dynamo/aiconfigurator systems/l4.yaml (commit 095f58a5): '121TFLOPS (dense; NVIDIA specs list 242TFLOPS with sparsity)', FP8/INT8 242 dense, 300 GB/s"sv},
  {"S67"sv, "nvidia-smi public-file copies: 'L4 ... 23034MiB'"sv},
  {"S68"sv, "Ultralytics 'NVIDIA Jetson' guide (public-file copy): AGX Thor 2,070 TFLOPS FP4, 1.57 GHz, 128 GB LPDDR5X at 273 GB/s; AGX Orin 64GB 275 TOPS, 1.3 GHz, 204.8 GB/s"sv},
  {"S69"sv, "NVIDIA developer forum 'Clarification on CUDA core and Tensor Core counts for Jetson AGX Thor': the runtime reports 20 SMs"sv},
  {"S70"sv, "torring.dev/blog/2026/rtx-spark-throttling: Thor 20 SMs x 65,536 sparse FP4 FLOP/clk x 1,570 MHz, about 2 PFLOPS"sv},
  {"S71"sv, "RidgeRun wiki 'NVIDIA Jetson AGX Thor/Blackwell GPU': FP8 E4M3/E5M2 and FP4 E2M1 with UE8M0/32 or UE4M3/16 scales"sv},
  {"S72"sv, "NVIDIA Jetson AGX Orin technical brief (not re-read; per devices.md): GPU 170 sparse INT8 TOPS of the module's 275"sv},
  {"S73"sv, "brojogopalsapui.com Jetson Orin Nano Super pages (NVIDIA Dec-2024 Super datasheet): 8 SMs at 1.02 GHz, 8 GB LPDDR5 at 102 GB/s, 67 sparse INT8 TOPS"sv},
  {"S74"sv, "Jetson Orin Nano datasheet copy (scribd.com/document/673174036): 'Up to 20 (Sparse) INT8 TOPs and 10 (Dense)' (dense = sparse / 2)"sv},
  {"S75"sv, "AMD Instinct MI300X specifications (amd.com), via stas00/ml-engineering and a public-file copy: FP16/BF16 1,307.4, FP8 2,614.9, 5.3 TB/s, 304 CUs"sv},
  {"S76"sv, "ROCm 'AMD GPU specifications' (rocm.docs.amd.com/en/7.13.0-preview/reference/gpu-specs.html): VRAM MI300X 192 GiB, MI325X 256 GiB, MI355X 288 GiB; CU counts"sv},
  {"S77"sv, "stas00/ml-engineering compute/accelerator/README.md (commit 744d01e1): MI325X = MI300X compute; MI355X dense table; Gaudi 3 at 1,600 MHz = 1,677 BF16, FP16 459; TPU v6e FP8 918"sv},
  {"S78"sv, "docs.vultr.com inference-cookbook ROCm hardware page: MI325X 256 GB HBM3E, 6.0 TB/s, FP16 1,307 TFLOPS"sv},
  {"S79"sv, "AMD Instinct MI355X page, via stas00/ml-engineering note 22: dense FP16/BF16 2.5, FP8 5.0, FP6/FP4 10.1 PFLOPS (no sparse FP4), 8 TB/s"sv},
  {"S80"sv, "ISSCC 2026 report (world-today-news.com/?p=7253162): MI355X 32 CUs per XCD, 8,192 FP8 FLOP/clk per CU"sv},
  {"S81"sv, "Google Cloud TPU v5e documentation (docs.cloud.google.com/tpu/docs/v5e): 197 TFLOPS BF16, 393/394 TOPS INT8, 16 GB HBM2, 819 GBps"sv},
  {"S82"sv, "jax-ml/scaling-book tpus.md: v5e 16 GB, 1.97e14 BF16, 3.94e14 INT8; v6e 9.20e14 BF16"sv},
  {"S83"sv, "Google Cloud TPU v6e documentation (docs.cloud.google.com/tpu/docs/v6e): 918 TFLOPS BF16, 1,836 TOPS INT8, 32 GB HBM, 1,638 GBps, 2 MXUs"sv},
  {"S84"sv, "Intel Hot Chips 2024 'Intel Gaudi 3 AI Accelerator' slides (copy at sgpjbg.com/baogao/465025.html): BF16/FP8 matrix 1,835 TFLOPS, 8 MME, 64 TPC, 128 GB HBM2e at 3.67 TB/s"sv},
  {"S85"sv, "NVIDIA NVLink and NVSwitch page (nvidia.com/en-us/data-center/nvlink/): per-GPU NVLink bandwidth, both directions added: NVLink 3 600 GB/s, NVLink 4 900 GB/s, NVLink 5 1.8 TB/s; NVL72 joins 72 GPUs in one NVLink domain"sv},
  {"S86"sv, "NVIDIA DGX H100/H200 user guide (docs.nvidia.com/dgx/dgxh100-user-guide/introduction-to-dgxh100.html): 8 GPUs on NVSwitch, 8 single-port ConnectX-7 400 Gb/s for the compute fabric"sv},
  {"S87"sv, "NVIDIA DGX A100 user guide (docs.nvidia.com/dgx/dgxa100-user-guide/introduction-to-dgxa100.html): 8 GPUs on 6 NVSwitch, 8 ConnectX-6 200 Gb/s HDR for the compute fabric"sv},
  {"S88"sv, "NVIDIA DGX B200 / DGX B300 user guides (docs.nvidia.com/dgx/dgxb200-user-guide, dgxb300-user-guide): 8 GPUs on NVLink 5 switches; 8 ConnectX-7 400 Gb/s (B200), 8 ConnectX-8 800 Gb/s (B300)"sv},
  {"S89"sv, "NVIDIA GB200 NVL72 and GB300 NVL72 pages (nvidia.com/en-us/data-center/gb200-nvl72/, gb300-nvl72/): 72 GPUs in one NVLink domain, 130 TB/s, 1.8 TB/s per GPU; ConnectX-7 400 Gb/s (GB200), ConnectX-8 800 Gb/s (GB300) per GPU"sv},
  {"S90"sv, "PCI-SIG PCI Express Base Specification 4.0 / 5.0 (pcisig.com): 16 GT/s and 32 GT/s per lane, 128b/130b encoding: x16 = 31.5 / 63 GB/s each way"sv},
  {"S91"sv, "AMD Instinct MI300X / MI355X platform data sheets (amd.com): 8 OAM fully connected, 7 Infinity Fabric links per GPU at 128 GB/s (MI300X / MI325X, 896 GB/s) and 153.6 GB/s (MI355X, 1,075 GB/s), both directions added"sv},
  {"S92"sv, "jax-ml/scaling-book tpus.md, ICI table: one-way bandwidth per link 4.5e10 B/s (v5e), 9.0e10 B/s (v6e), 4 links per chip, 2D torus pods of 16 x 16"sv},
  {"S93"sv, "NVIDIA Jetson AGX Thor, AGX Orin and Orin Nano module data sheets (developer.nvidia.com/embedded/jetson-modules): networking 4 x 25 GbE, 10 GbE, 1 GbE"sv},
  {"S94"sv, "NVIDIA nccl-tests doc/PERFORMANCE.md @03a204a1f38a: all-reduce time = S / B x 2(n-1)/n, all-gather / reduce-scatter / all-to-all (n-1)/n; small messages are latency bound (t = overhead + size / bw)"sv},
  {"S95"sv, "Intel Gaudi 3 AI accelerator white paper (intel.com): 24 x 200 GbE RoCE on die; on the HLS-Gaudi3 baseboard 21 ports join the 8 cards all-to-all, 3 ports go to scale-out"sv},
  {"S96"sv, "NVIDIA A100 product page spec table (nvidia.com/en-us/data-center/a100/; not re-read): A100 80GB PCIe 80 GB HBM2e at 1,935 GB/s, BF16 312 / INT8 624 dense, 300 W, NVLink bridge for 2 GPUs 600 GB/s"sv},
  {"S97"sv, "NVIDIA A10 Tensor Core GPU datasheet (nvidia.com/en-us/data-center/products/a10-gpu/): 24 GB GDDR6, 600 GB/s, BF16/FP16 125 | 250 TFLOPS, INT8 250 | 500 TOPS (dense | sparse), 150 W, PCIe Gen4 64 GB/s; corroborated by gist.github.com/kimbochen (A10 125 TFLOP/s, 0.6 TB/s, 24 GB) and baseten.co/blog/nvidia-a10-vs-a10g-for-ml-model-inference/ (24 GB GDDR6, 600 GB/s)"sv},
  {"S98"sv, "github.com/mayooot/detect-gpu/issues/3: NVML memoryInfo for 'NVIDIA A10' Total 24146608128 (driver 535.129.03)"sv},
  {"S99"sv, "sysrqmts.com/gpus/compare/nvidia-a10-pcie-vs-nvidia-quadro-rtx-4000: A10 GA102-890-A1, 72 SMs, 288 Tensor cores, 384-bit GDDR6 600.2 GB/s, PCIe 4.0 x16"sv},
  {"S100"sv, "NVIDIA Ampere GA102 GPU Architecture whitepaper V2.0 (copy at docslib.org/doc/759549/nvidia-ampere-ga102-gpu-architecture-whitepaper; figures not re-read): RTX 3090 82 SMs, 936 GB/s, FP16 tensor 142 (FP16 acc) / 71 (FP32 acc), BF16 71, INT8 284 TOPS dense, NVLink 112.5 GB/s; RTX 3080 68 SMs, 760 GB/s, FP16 tensor 119 (FP16 acc) / 59.5 (FP32 acc), BF16 59.5, INT8 238 dense; RTX A6000 84 SMs, 768 GB/s, FP16/BF16 154.8, INT8 309.7 dense"sv},
  {"S101"sv, "github.com/noonghunna/club-3090/issues/390: nvidia-smi 'NVIDIA GeForce RTX 3090 ... 24576MiB' (driver 580.142)"sv},
  {"S102"sv, "AMD Instinct MI200 launch specification table as reproduced by zexron.com/amd-mi250-x-aldebaran-as-mcm-with-up-to-479-teraflop-s-and-560-watt-tdp: MI250X 220 CUs, 14,080 stream processors, FP16/BF16 up to 383.0 TF, INT8 up to 383.0 TOPS, 128 GB HBM2e ECC, 3.2 TB/s, OAM"sv},
  {"S103"sv, "zexron.com MI250(X) article body and meterpreter.org/amd-instinct-mi250x-computing-card-fp64-performance-has-been-greatly-improved-7nm-process-is-still-used: two compute dies at 1.7 GHz, eight HBM2E stacks with 128 GiByte in total, FP16/BF16 383 TFLOPs"sv},
  {"S104"sv, "gpu.blog/gpus/instinct-mi250x-mi250x (connectivity section only; its INT8 row says not published): Infinity Fabric (xGMI) 800 GB/s, fully connected xGMI mesh per OAM baseboard, up to 8 GPUs per node, PCIe Gen4 x16"sv},
  {"S105"sv, "github.com/RVC-Boss/GPT-SoVITS/issues/1126 (quoting the autodl.com GPU table): L20 FP32 59.35 TFLOPS, half-precision Tensor 119.5 TFLOPS (RTX 4090 in the same table: 165.2, its dense FP32-accumulate rate)"sv},
  {"S106"sv, "topcpu.net/en/gpu-c/a40-pcie-vs-l20 and technical.city/pl/video/L20: L20 AD102, 92 SMs / 92 RT cores / 368 Tensor cores, 48 GB GDDR6 384-bit, 864.0 GB/s, PCIe 4.0 x16, 275 W"sv},
  {"S107"sv, "github.com/zzc0721/torch-performance-test-data/issues/107: measured on an L20, torch matmul BF16 114.14 and FP16 113.26 TFLOPS (below the 119.5 dense figure, so that figure is dense)"sv},
  {"S108"sv, "tweaktown.com/news/84164/nvidia-geforce-rtx-3090-ti-full-specs-price-performance-details/: RTX 3090 Ti GA102 with 84 SMs, 10,752 CUDA cores, 1,860 MHz boost, 24 GB GDDR6X at 21 Gbps on 384 bits = 1,008 GB/s, 450 W"sv},
  {"S109"sv, "gist getianao/33fb5306ba896193c7ae59ec64794283: GA10x tensor rate = SMs x 4 Tensor Cores x 128 FP16 FMA x 2 x clock with FP16 accumulate, / 2 with FP32 accumulate"sv},
  {"S110"sv, "github.com/NVIDIA/DCGM/issues/232: nvidia-smi 'NVIDIA A10G ... 8722MiB / 23028MiB', 300 W power cap (driver 535.247.01)"sv},
  {"S111"sv, "cli99/llm-analysis llm_analysis/gpu_configs/a10g-pcie-24gb.json (commit 54b51aab): A10G 24 GB, 600 GB/s, peak FP16 70 TFLOPS, INT8 140 TOPS"sv},
  {"S112"sv, "torch.cuda.get_device_properties public-file copies: _CudaDeviceProperties(name='NVIDIA A10G', major=8, minor=6, multi_processor_count=80)"sv},
  {"S113"sv, "AWS Batch user guide 'GPU jobs' (docs.aws.amazon.com/batch/latest/userguide/gpu-jobs.html) and the EC2 accelerated-computing instances page: G5 carries up to 8 NVIDIA A10G, 24 GiB each; g5.48xlarge 8 GPUs, 100 Gbps network bandwidth"sv},
  {"S114"sv, "AMD Instinct product table (en.wikipedia.org/wiki/AMD_Instinct, copy at wikimili.com/en/AMD_Instinct): MI50 (2018-11-06, 7 nm) 60 CUs, 1,024 GB/s, PCIe 4.0, FP16 26.5, FP32 13.3, FP64 6.6 TFLOPS, INT8 53 TOPS, no BF16 and no matrix figures, 300 W"sv},
  {"S115"sv, "gpu.spicedreamphone.com/fr/gpu/amd/radeon-instinct-mi50 (TechPowerUp-style sheet): Vega 20 (GCN 5.1), 60 CUs / 3,840 stream processors, 1,746 MHz boost, HBM2 4,096-bit at 1,024 GB/s, FP16 2:1 of FP32"sv},
  {"S116"sv, "rocm-smi and amdgpu sysfs public-file copies: a gfx906 card (MI50 32GB) with 'VRAM Total Memory (B): 34342961152' (mem_info_vram_total)"sv},
  {"S117"sv, "segmentnext.com/2018/11/07/amd-radeon-instinct-7nm-gpus/: MI50 / MI60, the first PCIe 4.0 GPUs; two Infinity Fabric links per GPU, up to 200 GB/s peer-to-peer"sv},
  {"S118"sv, "github.com/mixa3607/ML-gfx906/issues/3: vLLM on MI50 (gfx906, ROCm 6.3.3) started with --dtype float16, single and tensor-parallel 2"sv},
  {"S119"sv, "NVIDIA L40 datasheet values, as reseller tables reproduce them (e.g. mullet.se/product.html?product_id=355414, L40 and L40S side by side): 48 GB GDDR6 with ECC, 864 GB/s, 142 RT cores, BF16 / FP16 tensor 181.05 dense (362.1 sparse), FP8 362 (724), INT8 362 (724), PCIe Gen4 x16"sv},
  {"S120"sv, "NVIDIA A40 datasheet (images.nvidia.com/content/Solutions/data-center/a40/nvidia-a40-datasheet.pdf), values restated at hmc-tech.com/gpu/nvidia-l40-vs-nvidia-a40: 48 GB GDDR6 with ECC, 696 GB/s, 84 RT cores, BF16 / FP16 tensor 149.7 dense (299.4 sparse), INT8 299.3 dense, NVLink bridge 112.5 GB/s both ways"sv},
  {"S121"sv, "NVIDIA RTX 6000 Ada Generation datasheet (nvidia.com, proviz-print-rtx6000-datasheet-web-2504660.pdf): 48 GB GDDR6 with ECC, 960 GB/s, 18,176 CUDA cores, 142 RT cores, 568 Tensor cores, tensor performance 1,457 TFLOPS (FP8 with sparsity), PCIe Gen4 x16, no NVLink"sv},
  {"S122"sv, "NVIDIA GeForce RTX 40 series specifications (nvidia.com/en-us/geforce/graphics-cards/40-series/): RTX 4080 780 AI TOPS, 9,728 CUDA cores, 16 GB GDDR6X 256-bit (716.8 GB/s); RTX 4070 466 AI TOPS, 5,888 CUDA cores, 12 GB GDDR6X 192-bit (504 GB/s); RTX 4060 Ti 16 GB 353 AI TOPS, 4,352 CUDA cores, GDDR6 128-bit at 18 Gbps (288 GB/s), PCIe 4.0 x8"sv},
  {"S123"sv, "NVIDIA GeForce RTX 50 series specifications (nvidia.com/en-us/geforce/graphics-cards/50-series/; restated at tweaktown.com/news/102469 and hmc-tech.com): RTX 5080 1,801 AI TOPS, 10,752 CUDA cores, 16 GB GDDR7, 960 GB/s; RTX 5070 Ti 1,406 AI TOPS, 8,960 CUDA cores, 16 GB GDDR7, 896 GB/s; RTX 5060 Ti 759 AI TOPS (FP4 sparse), 4,608 CUDA cores, 16 GB GDDR7 128-bit at 28 Gbps (448 GB/s), PCIe 5.0 x8"sv},
  {"S124"sv, "NVIDIA T4 datasheet (nvidia.com, t4-tensor-core-datasheet-951643.pdf): 16 GB GDDR6, 320+ GB/s, 2,560 CUDA cores, 320 Turing Tensor cores, mixed-precision (FP16/FP32) 65 TFLOPS, INT8 130 TOPS, INT4 260 TOPS, PCIe Gen3 x16, 70 W"sv},
  {"S125"sv, "NVIDIA V100 datasheet (images.nvidia.com/content/technologies/volta/pdf/volta-v100-datasheet-update-us-1165301-r5.pdf): V100 SXM2 32 GB HBM2, 900 GB/s, 5,120 CUDA cores, 640 Tensor cores, tensor performance 125 TFLOPS, NVLink 300 GB/s"sv},
  {"S126"sv, "vLLM (github.com/vllm-project/vllm) worker _check_if_gpu_supports_dtype: 'Bfloat16 is only supported on GPUs with compute capability of at least 8.0 ... You can use float16 instead ... --dtype=half': on sm_70 / sm_75 a BF16 checkpoint runs as FP16"sv},
  {"S127"sv, "AMD Instinct MI210 brochure (amd.com, instinct-mi210-brochure.pdf): 64 GB HBM2e, 1.6 TB/s (1,638.4 GB/s), 104 compute units, peak FP16 / BF16 181.0 TFLOPS, INT8 181.0 TOPS, Infinity Fabric Link bridge up to 4 GPUs, 3 links at 100 GB/s"sv},
  {"S128"sv, "Intel Arc Pro B60 specifications (intel.com; values restated at hmc-tech.com/gpu/intel-arc-pro-b60-vs-nvidia-quadro-p620): 24 GB GDDR6 192-bit, 456 GB/s, 20 Xe2 cores (2,560 shading units), XMX BF16 / FP16 98.3 TFLOPS (FP32 accumulate), INT8 196.61 TOPS, PCIe 5.0 x8"sv},
  {"S129"sv, "Apple Mac Studio (2023) and Mac Pro (2023) technical specifications (apple.com/mac-studio/specs, apple.com/mac-pro/specs): M2 Ultra, 24-core CPU, up to 76-core GPU, up to 192GB unified memory, 800GB/s memory bandwidth; Mac Pro page: 'up to 76 cores ... up to 27.2 teraflops'"sv},
  {"S130"sv, "Apple MacBook Pro (14-inch and 16-inch, Nov 2023) technical specifications (support.apple.com/kb/SP889, SP890): M3 Max with 40-core GPU, 400GB/s memory bandwidth, up to 128GB unified memory"sv},
  {"S131"sv, "Apple MacBook Pro (14-inch and 16-inch, 2024) and Mac mini (2024) technical specifications (apple.com/macbook-pro/specs, apple.com/mac-mini/specs): M4 Max with 40-core GPU, 546GB/s, up to 128GB; M4 Pro with 20-core GPU, 273GB/s, up to 64GB (Mac mini)"sv},
  {"S132"sv, "philipturner/metal-benchmarks README.md @007b009ffed200724b8c78860f437207f43ec4ad: 128 ALUs per Apple GPU core, 'F16 is neither faster nor slower than F32'; later revisions' table: M2 Ultra 76 cores, >=27,200 GFLOPS F32 and F16"sv},
  {"S133"sv, "hmc-tech.com/gpu/apple-32-core-m4-max-vs-apple-40-core-m3-max: 40-core M3 Max 5,120 shaders at 1,398 MHz, 14.32 TFLOPS FP16 / FP32; 32-core M4 Max 4,096 shaders at 1,678 MHz, 13.74 TFLOPS"sv},
  {"S134"sv, "NVIDIA H20-3e (H20 141GB HBM3e): github.com/NVIDIA/nvbandwidth issue #48 (nvbandwidth lists 'NVIDIA H20-3e'; 'according to official data indicators, GPU memory bandwidth should be 4.8TB/s'); github.com/tile-ai/TileOPs PR #1658 (H20-3e, SXM, 141GB HBM3e, 4.80 TB/s, FP16 / BF16 dense 148 TFLOPS, FP8 296, compute capability 9.0)"sv},
  {"S135"sv, "philisun.com/technical-analysis/nvidia-h800-vs-h100-a-technical-deep-dive-into-politically-defined-ai-chips: the H800 is the H100's GH100 die (TSMC 4N, 80 billion transistors) with NVLink cut to 400 GB/s both ways (H100 SXM 900) and FP64 to 1 TFLOPS; low-precision AI compute (FP8 / FP16 / BF16) as the H100's, memory capacity and bandwidth 'largely consistent' (80 GB, 3.35 TB/s)"sv},
  {"S136"sv, "arthurchiao.art/blog/gpu-data-sheets/ ('GPU Performance (Data Sheets) Quick Reference', 2023-10-25, from the NVIDIA datasheets): A30 24GB HBM2, 933 GB/s, PCIe Gen4 64 GB/s and NVLink 200 GB/s, 165 W, BF16 / FP16 tensor 165 TFLOPS, INT8 330 TOPS, INT4 661; A800 (PCIe/SXM) 80G HBM2e, NVLink 400 GB/s (8-GPU A800 boards full-mesh as the A100's); H800 (PCIe/SXM) 80G HBM3, NVLink 400 GB/s"sv},
  {"S137"sv, "DeepSeek-V3 Technical Report (arXiv 2412.19437): 2,048 NVIDIA H800 GPUs, each node 8 GPUs on NVLink and NVSwitch, InfiniBand across nodes; 'NVLink offers a bandwidth of 160 GB/s, roughly 3.2 times that of IB (50 GB/s)'; '20 out of the 132 SMs available in the H800 GPU'"sv},
  {"S138"sv, "github.com/deepseek-ai/DeepEP README.md @0aaa6744c890c5af051f622252975c4393795000: normal kernels tested 'on H800 (~160 GB/s NVLink maximum bandwidth), with each connected to a CX7 InfiniBand 400 Gb/s RDMA network card (~50 GB/s maximum bandwidth)'; intranode EP 8 dispatch 153 / combine 158 GB/s"sv},
  {"S139"sv, "github.com/deepseek-ai/DeepGEMM README.md @0274ad7b911b99b4eb6f8d796403811cf1e18f3d: FP8 GEMM 'up to 1550 TFLOPS on H800' (2025.04.18 entry)"sv},
  {"S140"sv, "github.com/deepseek-ai/FlashMLA README.md @066b5ba6f63d9d0840eac008fe58a1f70acfac78: dense MLA decoding (BF16) 'up to 3000 GB/s in memory-bound configuration and 660 TFLOPS in computation-bound configuration on H800 SXM5 with CUDA 12.8'"sv},
  {"S141"sv, "nvidia-smi public-file copies: 8 x 'NVIDIA H800 ... 700W ... 81559MiB' on one board (driver 555.42.06; lspci 'NVIDIA Device 2324')"sv},
  {"S142"sv, "tweakers.net/nieuws/203182 (2022-11, after Reuters): NVIDIA's A800 is the A100 but for NVLink limited to 400 GB/s (A100 600 GB/s); the performance NVIDIA lists for it is the A100 series'; up to 80 GB HBM2e; 300 W PCIe, 400 W SXM"sv},
  {"S143"sv, "aiwiki.ai/wiki/nvidia_a800 (reviewed 2026-06-03): the A800 is the A100's GA100 with NVLink reduced from 600 GB/s to 400 GB/s; core compute, memory and Tensor Core capabilities unchanged"sv},
  {"S144"sv, "github.com/dexmal/dexbotic/issues/41: nvidia-smi 'NVIDIA A800-SXM4-80GB ... 400W ... 81920MiB' (driver 535.86.10)"sv},
  {"S145"sv, "NVIDIA A30 datasheet (nvidia.com/content/dam/en-zz/Solutions/data-center/products/a30-gpu/pdf/a30-datasheet.pdf; not read here) as transcribed in facebookresearch/xformers xformers/profiler/device_limits.py @22d092e03fdf199f7cda288afcd210f9e1bdf2bb (A30, sm 8.0: 933 GB/s, FP16 / BF16 165, TF32 82, INT8 330, FP64 10.3) and NVIDIA/TensorRT-LLM tensorrt_llm/auto_parallel/cluster_info.py @16d2467ea8e3b45d7d9555010c2ad018d006d5c1 (A30: 933 GB/s, 24 GB, PCIe Gen4, FP16 / BF16 165, INT8 330, INT4 661, FP32 82)"sv},
  {"S146"sv, "ai-dynamo/aiconfigurator systems/a30.yaml (commit 095f58a5): mem_capacity 25,769,803,776 B (24 GiB), 933 GB/s, BF16 165 TFLOPS, INT8 330 TOPS, 165 W, sm_version 80; 8 GPUs a node on PCIe Gen4 x16 without NVLink, 200 Gb/s inter-node fabric assumed"sv},
  {"S147"sv, "A30 driver readings, public-file copies: github.com/CisnerosCodes/Itera-Lite reports/phase7_gpu_discovery.md @eb5a0a02aed9e79b1618d9824657e5a251a11856, nvidia-smi 'NVIDIA A30 ... 165W ... 24576MiB' (driver 535.261.03) and torch 'Multi-processors: 56'; PaddlePaddle/PaddleTS docs/source/get_started/run_on_gpu.rst @bf43d117c7600aa3376b644852b77602bf0201c0, 'NVIDIA A30 ... 24258MiB' (driver 470.82.01)"sv},
});
// clang-format on

/// Whether `id` names an entry of the source table.
constexpr bool has_source(std::string_view id) {
  for (const auto& s : sources) {
    if (s.id == id) return true;
  }
  return false;
}

/// Whether every ", "-separated id of `list` resolves.
constexpr bool sources_resolve(std::string_view list) {
  while (!list.empty()) {
    const auto comma = list.find(',');
    const auto id = list.substr(0, comma);
    if (!has_source(id)) return false;
    if (comma == std::string_view::npos) break;
    list = list.substr(comma + 1);
    if (!list.empty() && list[0] == ' ') list = list.substr(1);
  }
  return true;
}

}  // namespace headroom::devices
