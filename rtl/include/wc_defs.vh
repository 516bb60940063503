// Generated from defs/wc_defs.def by tools/gendefs. Do not edit.
`ifndef WC_DEFS_VH
`define WC_DEFS_VH

// Flit framing: a flit is {type[1:0], data[W-1:0]}
`define WC_FLIT_DATA_W 32 // Default flit data width W in bits (routers take W >= 32 as a parameter)
`define WC_FLIT_TYPE_W 2 // Flit type field width; the type sits above the data bits
`define WC_FT_BODY 0 // Body flit: follows the owner of its input port
`define WC_FT_HEAD 1 // Head flit: carries the routing header, allocates an output
`define WC_FT_TAIL 2 // Tail flit: last flit of a worm, releases the output
`define WC_FT_SINGLE 3 // Head and tail in one flit (single-flit packet)

// Head flit data layout (bits of the data field)
`define WC_HEAD_DST_LSB 0
`define WC_HEAD_DST_W 12 // Destination node id (first destination of a multidestination worm)
`define WC_HEAD_KIND_LSB 12
`define WC_HEAD_KIND_W 2 // Worm kind: see KIND_*
`define WC_HEAD_NADDR_LSB 14
`define WC_HEAD_NADDR_W 6 // Multidestination worms: address flits that follow the head, one per further destination (0 for unicast and for the last destination)
`define WC_HEAD_USER_LSB 20
`define WC_HEAD_USER_W 12 // Free for the NIC / traffic source; routers never read or change it
`define WC_KIND_UNICAST 0 // Unicast worm
`define WC_KIND_MULTI 1 // Multidestination worm (intermediate reception)
`define WC_MAX_NODES 4096 // Largest node count a head can address (2^HEAD_DST_W)
`define WC_ADDR_DST_LSB 0
`define WC_ADDR_DST_W 12 // Address flit of a multidestination worm (a body flit): the next destination

// Routing function selector (router parameter ROUTING)
`define WC_ROUTING_ECUBE 0 // e-cube on binary n-cubes
`define WC_ROUTING_XY 1 // XY dimension order on 2D meshes
`define WC_ROUTING_TABLE 2 // Table-driven (up*/down* tables computed in C)
`define WC_RT_DOWN_ONLY 1 // Route-table phase: worm arrived on a down link, only down links allowed
`define WC_RT_PORT_NONE 255 // Route-table entry meaning 'no route': the worm is dropped and counted
`define WC_RT_LOCAL 128 // Route-table entry flag: the port leads to a host (ejection), so a multidestination worm for that host is absorbed here
`define WC_RT_PORT_MASK 63 // Route-table entry bits that hold the port

// Mesh router port numbering
`define WC_MESH_PORT_E 0 // +x neighbour
`define WC_MESH_PORT_W 1 // -x neighbour
`define WC_MESH_PORT_N 2 // +y neighbour
`define WC_MESH_PORT_S 3 // -y neighbour
`define WC_MESH_PORT_L 4 // local injection/ejection

// Node SoC memory map (riscv-tests env/p conventions: RAM at 0x80000000, execution starts there)
`define WC_SOC_RAM_BASE 32'h80000000 // First RAM byte and reset PC
`define WC_SOC_RAM_SIZE 262144 // RAM size in bytes (256 KiB) in the simulation SoC
`define WC_SOC_MMIO_BASE 268435456 // Start of the device region; any other address outside RAM raises a bus error
`define WC_SOC_MMIO_SIZE 8192 // Size of the device region in bytes
`define WC_SOC_CONSOLE_ADDR 268435456 // Console: a byte store writes one character
`define WC_SOC_EXIT_ADDR 268435460 // Simulation exit: a word store ends the run, 1 = pass, code<<1|1 = fail (as tohost)
`define WC_SOC_IRQ_ADDR 268435464 // External interrupt line (bit 0), set and cleared by software for tests
`define WC_SOC_MTIME_ADDR 268439552 // mtime low word (high word at +4); counts core clock cycles
`define WC_SOC_MTIMECMP_ADDR 268439560 // mtimecmp low word (high word at +4); timer interrupt while mtime >= mtimecmp

// RV32 machine-mode CSR numbers implemented by the node core
`define WC_CSR_MSTATUS 768 // mstatus: MIE bit 3, MPIE bit 7, MPP bits 12:11 read as 3
`define WC_CSR_MISA 769 // misa: RV32IM, read-only
`define WC_CSR_MIE 772 // mie: MTIE bit 7, MEIE bit 11
`define WC_CSR_MTVEC 773 // mtvec: direct mode only, bits 1:0 read as 0
`define WC_CSR_MSCRATCH 832 // mscratch
`define WC_CSR_MEPC 833 // mepc: bits 1:0 read as 0
`define WC_CSR_MCAUSE 834 // mcause
`define WC_CSR_MTVAL 835 // mtval: faulting address or instruction
`define WC_CSR_MIP 836 // mip: MTIP bit 7, MEIP bit 11, read-only (driven by the SoC)
`define WC_CSR_MCYCLE 2816 // mcycle low word
`define WC_CSR_MINSTRET 2818 // minstret low word
`define WC_CSR_MCYCLEH 2944 // mcycle high word
`define WC_CSR_MINSTRETH 2946 // minstret high word
`define WC_CSR_CYCLE 3072 // cycle: read-only alias of mcycle
`define WC_CSR_INSTRET 3074 // instret: read-only alias of minstret
`define WC_CSR_CYCLEH 3200 // cycleh: read-only alias of mcycleh
`define WC_CSR_INSTRETH 3202 // instreth: read-only alias of minstreth
`define WC_CSR_MVENDORID 3857 // mvendorid: 0
`define WC_CSR_MARCHID 3858 // marchid: 0
`define WC_CSR_MIMPID 3859 // mimpid: 0
`define WC_CSR_MHARTID 3860 // mhartid: 0 in the simulation SoC (a core parameter)
`define WC_MISA_RV32IM 1073746176 // misa value: MXL=1 (32 bit), extensions I and M

// mcause values raised by the node core
`define WC_CAUSE_IFETCH_MISALIGN 0 // Jump or branch to an address not 4-byte aligned
`define WC_CAUSE_IFETCH_FAULT 1 // Bus error on instruction fetch
`define WC_CAUSE_ILLEGAL 2 // Illegal instruction (mtval = the instruction)
`define WC_CAUSE_BREAKPOINT 3 // ebreak
`define WC_CAUSE_LOAD_MISALIGN 4 // Misaligned load
`define WC_CAUSE_LOAD_FAULT 5 // Bus error on load
`define WC_CAUSE_STORE_MISALIGN 6 // Misaligned store
`define WC_CAUSE_STORE_FAULT 7 // Bus error on store
`define WC_CAUSE_ECALL_M 11 // ecall from machine mode
`define WC_IRQ_MTI 7 // Machine timer interrupt number (mcause bit 31 set, mie/mip bit)
`define WC_IRQ_MEI 11 // Machine external interrupt number (mcause bit 31 set, mie/mip bit)

`endif
